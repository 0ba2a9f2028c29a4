import { sqlMigration } from '../migration';

// Hand-written: names the audit records of collections without a name, title or email of their
// own, written before their `auditTitle` existed, as writeAudit now does: a text field of the
// snapshot (after the change, else before it), or the name or title of the record a relation
// points to. The expressions are frozen here, as the templates were when this was written.
const name = (table: string, column: string, field: string) =>
  `(SELECT "${column}" FROM "${table}" WHERE "id" = s->>'${field}')`;
const period = `(s->>'month') || '/' || (s->>'year')`;

const TITLES: ReadonlyArray<readonly [collection: string, title: string]> = [
  ['donations', `s->>'donor'`],
  ['expenses', `s->>'beneficiary'`],
  [
    'bank_checks',
    `concat_ws(' · ', NULLIF(s->>'serial_number', ''), NULLIF(s->>'beneficiary', ''))`,
  ],
  ['payroll_runs', period],
  ['payslips', `concat_ws(' · ', ${name('employees', 'name', 'employee')}, ${period})`],
  ['employee_advances', name('employees', 'name', 'employee')],
  // A repayment is named by its advance, which is named by its employee.
  [
    'advance_repayments',
    `(SELECT e."name" FROM "employee_advances" AS adv JOIN "employees" AS e ON e."id" = adv."employee"
       WHERE adv."id" = s->>'advance')`,
  ],
  ['member_dues', name('members', 'name', 'member')],
  ['volunteer_hours', name('volunteers', 'name', 'volunteer')],
  [
    'vault_transfers',
    `concat_ws(' · ', ${name('vaults', 'title', 'from_vault')}, ${name('vaults', 'title', 'to_vault')})`,
  ],
  ['cash_counts', name('vaults', 'title', 'vault')],
  ['grant_deadlines', name('grants', 'title', 'grant')],
  ['grant_tranches', name('grants', 'title', 'grant')],
  [
    'projects_staff',
    `COALESCE(${name('employees', 'name', 'employee')}, ${name('members', 'name', 'member')})`,
  ],
  [
    'activities_staff',
    `COALESCE(${name('employees', 'name', 'employee')}, ${name('members', 'name', 'member')})`,
  ],
  ['project_financial_committees', name('employees', 'name', 'employee')],
  ['project_purchases_committees', name('employees', 'name', 'employee')],
  ['financial_request_comments', name('financial_requests', 'title', 'request')],
  ['purchase_comments', name('purchases', 'title', 'purchase')],
];

export const migration = sqlMigration(
  '0019_monitor_named_records',
  TITLES.map(
    ([collection, title]) =>
      // A delete's "after" is JSON null, not SQL NULL.
      `UPDATE "user_activities" AS a SET "record_title" = left(btrim(t.title), 300)
         FROM (SELECT v."id", ${title} AS title
                 FROM (SELECT u."id", COALESCE(NULLIF(u."after", 'null'::jsonb), u."before") AS s
                         FROM "user_activities" AS u
                        WHERE u."collection" = '${collection}' AND u."record_title" = '') AS v) AS t
        WHERE a."id" = t."id" AND btrim(COALESCE(t.title, '')) <> ''`,
  ),
);
