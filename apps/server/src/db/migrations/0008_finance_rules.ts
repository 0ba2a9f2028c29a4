import { sqlMigration } from '../migration';

/**
 * What the declarations cannot say about the ledger, enforced by the database itself as a last
 * line of defence behind domain/finance-ledger.ts:
 * - a vault's balance never goes below zero;
 * - a ledger entry, once written, is never changed or deleted (a mistake is undone by a new,
 *   reversing entry). TRUNCATE, which only a backup restore uses, is not affected.
 */
export const migration = sqlMigration('0008_finance_rules', [
  `ALTER TABLE "vaults" ADD CONSTRAINT "vaults_balance_not_negative" CHECK ("balance" >= 0)`,
  `ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("amount" <> 0)`,
  `CREATE FUNCTION "ledger_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'ledger entries cannot be changed or deleted' USING ERRCODE = 'P0001';
   END
   $$`,
  `CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
   FOR EACH ROW EXECUTE FUNCTION "ledger_entries_immutable"()`,
]);
