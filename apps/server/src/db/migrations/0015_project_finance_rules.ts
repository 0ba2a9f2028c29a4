import { sqlMigration } from '../migration';

/**
 * What the project finance declarations cannot say, enforced by the database behind
 * domain/project-finance.ts: a budget line's used and held amounts are never negative and never
 * exceed its budget together.
 */
export const migration = sqlMigration('0015_project_finance_rules', [
  `ALTER TABLE "project_budget_lines" ADD CONSTRAINT "project_budget_lines_used_not_negative" CHECK ("used_amount" >= 0 AND "held_amount" >= 0)`,
  `ALTER TABLE "project_budget_lines" ADD CONSTRAINT "project_budget_lines_within_budget" CHECK ("used_amount" + "held_amount" <= "budget")`,
]);
