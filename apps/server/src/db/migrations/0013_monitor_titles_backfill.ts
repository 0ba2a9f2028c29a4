import { sqlMigration } from '../migration';

// Hand-written: gives the audit records written before 0012_website their record's name or title, read
// from the snapshots they already hold (after the change, else before it), as writeAudit does.
export const migration = sqlMigration('0013_monitor_titles_backfill', [
  `UPDATE "user_activities" SET "record_title" = left(btrim(COALESCE(
     NULLIF(btrim("after"->>'name'), ''), NULLIF(btrim("after"->>'title'), ''), NULLIF(btrim("after"->>'email'), ''),
     NULLIF(btrim("before"->>'name'), ''), NULLIF(btrim("before"->>'title'), ''), NULLIF(btrim("before"->>'email'), ''),
     CASE WHEN "record" <> '' AND "record" = "actor" THEN "actor_name" END,
     '')), 300)
   WHERE "record_title" = ''`,
]);
