import { sqlMigration } from '../migration';

/**
 * Hand-written: what the payroll declarations cannot say.
 * - Allowance and deduction options stored before they could be a percentage are fixed amounts,
 *   and stay in use (active).
 * - One payroll run per month, a reversed one aside (the month is then run again): the last line
 *   of defence behind the check in domain/payroll.ts.
 */
export const migration = sqlMigration('0011_payroll_rules', [
  `UPDATE "allowance_options" SET "calculation" = 'fixed', "active" = true WHERE "calculation" = ''`,
  `UPDATE "deduction_options" SET "calculation" = 'fixed', "active" = true WHERE "calculation" = ''`,
  `CREATE UNIQUE INDEX "payroll_runs_one_per_month" ON "payroll_runs" ("year", "month")
   WHERE "status" <> 'reversed'`,
]);
