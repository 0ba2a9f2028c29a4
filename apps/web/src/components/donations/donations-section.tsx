import type { donations, RecordOf } from '@app/schema';
import type { RecordModel } from 'pocketbase';
import type { DeclaredColumn } from '@/components/resource/declared-columns';
import { RecordSection, type RecordSectionProps } from '@/components/resource/record-section';
import type { FieldSpec } from '@/components/resource/field-widget';
import { todayInput } from '@/lib/format/date';
import { equalsFilter } from '@/lib/data/records';

type Named = { title?: string; name?: string };
export type DonationRecord = RecordModel &
  RecordOf<typeof donations> & { expand?: { vault?: Named; grant?: Named; project?: Named } };
type DonationValues = Record<string, unknown>;

/** Where a donation's money is booked; a screen of one project or activity sets it itself. */
const LEDGER = new Set(['vault', 'grant', 'project']);

/**
 * A donation's columns, in their order: each names a declared field, whose label, cell and CSV
 * cell follow from the declaration (packages/schema, `donations`).
 */
const COLUMNS: readonly DeclaredColumn<DonationRecord>[] = [
  { field: 'received_on', sort: true },
  { field: 'donor', strong: true, long: true, sort: true },
  { field: 'receipt_number', sort: true },
  { field: 'amount', strong: true, sort: true },
  { field: 'transaction_fees', sort: true },
  // Names wrap, so that the statement and the row's buttons stay in view.
  { field: 'vault', long: true },
  { field: 'grant', long: true },
  { field: 'statement', long: true },
];

/** The dialog's fields; values and the body sent come from their types. */
const FIELDS: readonly FieldSpec<DonationValues>[] = [
  { name: 'donor' },
  { name: 'amount', half: true },
  { name: 'transaction_fees', half: true },
  { name: 'received_on', half: true },
  { name: 'receipt_number', half: true },
  { name: 'vault', half: true, props: { clearable: true } },
  { name: 'project', half: true, props: { clearable: true } },
  { name: 'grant', half: true, props: { clearable: true } },
  { name: 'statement' },
];

/** The fields the search box searches. */
const SEARCH = ['donor', 'receipt_number', 'statement'];

export type DonationsSectionProps = Omit<
  RecordSectionProps<DonationRecord, DonationValues>,
  'collection' | 'columns' | 'search' | 'dialog' | 'list'
> & {
  /** A project's or an activity's donations: listed by it, saved with it, its vault implied. */
  owner?: { field: 'project' | 'activity'; id: string };
};

/**
 * The donations of the ledger as one panel, declared once for every screen that lists them (the
 * grants screen: all of them, with their vault, project and grant; a project's or an activity's
 * finance tab: its own).
 */
export function DonationsSection({ owner, ...section }: DonationsSectionProps) {
  const shown = <E extends { field?: string; name?: string }>(list: readonly E[]) =>
    owner ? list.filter((e) => !LEDGER.has(e.field ?? e.name ?? '')) : list;
  return (
    <RecordSection<DonationRecord, DonationValues>
      {...section}
      collection="donations"
      list={{
        sort: '-received_on,-created',
        ...(owner
          ? { filter: equalsFilter(owner.field, owner.id) }
          : { expand: 'vault,grant,project' }),
      }}
      columns={shown(COLUMNS)}
      search={SEARCH}
      dialog={{
        fields: shown(FIELDS),
        defaults: { received_on: todayInput() },
        fixed: owner ? { [owner.field]: owner.id } : undefined,
      }}
    />
  );
}
