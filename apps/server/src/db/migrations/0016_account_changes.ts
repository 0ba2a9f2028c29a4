import { sqlMigration } from '../migration';

/**
 * Every change to an account (employees, users) or a role announces itself, whatever code made
 * it: a trigger NOTIFYs `account_changed` with `<mark> <table> <id>` (`*` for a role, which every
 * account may hold, and for a TRUNCATE, as a restore does), delivered at commit. The mark is the
 * transaction's id, also left in the transaction-local setting `app.account_change`, which the
 * commit reads (db/database.ts) so the writer can wait until every server process has dropped
 * what it cached (core/account-cache.ts). Inserts change nothing cached.
 */
export const migration = sqlMigration('0016_account_changes', [
  `CREATE OR REPLACE FUNCTION "app_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     mark text := COALESCE(current_setting('app.account_change', true), '');
   BEGIN
     IF mark = '' THEN
       mark := txid_current()::text;
       PERFORM set_config('app.account_change', mark, true);
     END IF;
     PERFORM pg_notify('account_changed', mark || ' ' || TG_TABLE_NAME || ' ' ||
       CASE WHEN TG_TABLE_NAME = 'roles' OR TG_OP = 'TRUNCATE' THEN '*' ELSE OLD."id" END);
     RETURN NULL;
   END $$`,
  ...['employees', 'users', 'roles'].flatMap((table) => [
    `CREATE TRIGGER "${table}_account_changed" AFTER UPDATE OR DELETE ON "${table}"
     FOR EACH ROW EXECUTE FUNCTION "app_account_changed"()`,
    // A restore empties the tables at once: every account is dropped.
    `CREATE TRIGGER "${table}_account_truncated" AFTER TRUNCATE ON "${table}"
     FOR EACH STATEMENT EXECUTE FUNCTION "app_account_changed"()`,
  ]),
]);
