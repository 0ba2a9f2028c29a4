import { sqlMigration } from '../migration';

// Written by hand, after 0021 (the workflows' columns and the settings table):
// - the one row of the organisation's settings, self-approval off;
// - who recorded each existing expense, advance and payroll run, read from its creation in the
//   activity monitor (the earliest one, if a record was ever created twice under one id), so
//   separation of duties holds for records made before the column existed.
// Frozen: do not edit.
const RECORDED: readonly string[] = ['expenses', 'employee_advances', 'payroll_runs'];

export const migration = sqlMigration('0022_workflow_data', [
  `INSERT INTO "organisation_settings" ("id", "allow_self_approval", "created", "updated")
   VALUES ('organisation001', false, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS"Z"'),
           to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS"Z"'))
   ON CONFLICT ("id") DO NOTHING`,
  ...RECORDED.map(
    (table) =>
      `UPDATE "${table}" t SET "created_by" = left(a."actor", 15)
         FROM (SELECT DISTINCT ON ("record") "record", "actor" FROM "user_activities"
                WHERE "collection" = '${table}' AND "action" = 'CREATE' AND "actor" <> ''
                ORDER BY "record", "created", "_rowid") a
        WHERE a."record" = t."id" AND t."created_by" = ''`,
  ),
]);
