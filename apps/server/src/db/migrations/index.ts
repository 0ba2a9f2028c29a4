import type { Migration } from '../migration';
import { migration as m0000 } from './0000_system';
import { migration as m0001 } from './0001_initial';
import { migration as m0002 } from './0002_hr_people';
import { migration as m0003 } from './0003_search_indexes';
import { migration as m0004 } from './0004_member_number_search';
import { migration as m0005 } from './0005_projects';
import { migration as m0006 } from './0006_project_code_seq';
import { migration as m0007 } from './0007_finance';
import { migration as m0008 } from './0008_finance_rules';
import { migration as m0009 } from './0009_statement_index';
import { migration as m0010 } from './0010_payroll';
import { migration as m0011 } from './0011_payroll_rules';
import { migration as m0012 } from './0012_website';
import { migration as m0013 } from './0013_monitor_titles_backfill';
import { migration as m0014 } from './0014_project_finance';
import { migration as m0015 } from './0015_project_finance_rules';
import { migration as m0016 } from './0016_account_changes';
import { migration as m0017 } from './0017_shared_rate_limits';
import { migration as m0018 } from './0018_peer_calls';
import { migration as m0019 } from './0019_monitor_named_records';
import { migration as m0020 } from './0020_monitor_held_records';
import { migration as m0021 } from './0021_workflows';
import { migration as m0022 } from './0022_workflow_data';
import { migration as m0023 } from './0023_organisation_identity';
import { migration as m0024 } from './0024_donation_receipt_number';
import { migration as m0025 } from './0025_idempotency_keys';
import { migration as m0026 } from './0026_two_factor';
import { migration as m0027 } from './0027_second_factor_tables';
import { migration as m0028 } from './0028_timeline_photos';
import { migration as m0029 } from './0029_resumable_uploads';

/** Every migration, in the order it applies. */
export const MIGRATIONS: readonly Migration[] = [
  m0000,
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0024,
  m0025,
  m0026,
  m0027,
  m0028,
  m0029,
];
