import { sqlMigration } from '../migration';

/**
 * Hand-written: allowance and deduction options stored before they could be a percentage are
 * fixed amounts, and stay in use (active).
 */
export const migration = sqlMigration('0011_payroll_rules', [
  `UPDATE "allowance_options" SET "calculation" = 'fixed', "active" = true WHERE "calculation" = ''`,
  `UPDATE "deduction_options" SET "calculation" = 'fixed', "active" = true WHERE "calculation" = ''`,
]);
