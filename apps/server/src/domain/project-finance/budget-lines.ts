import type { HookRegistry } from '../../core/hooks';
import { fieldError } from '../finance';
import { centsText, toCents } from '../finance-ledger';

/** A budget line's figures: used and held move with requests. */
export function registerBudgetLineRules(hooks: HookRegistry): void {
  // ---- Budget lines: used and held move with requests; the budget never drops below them. ----
  hooks.on('project_budget_lines', {
    beforeCreate: async ({ row }) => {
      row.used_amount = '0.00';
      row.held_amount = '0.00';
    },
    beforeUpdate: async ({ changes, previous }) => {
      if (changes.project !== undefined && changes.project !== previous.project)
        throw fieldError('project', 'project_finance.line_fixed');
      if (changes.budget !== undefined) {
        const taken = toCents(previous.used_amount) + toCents(previous.held_amount);
        const budget = toCents(changes.budget);
        if (budget < taken)
          throw fieldError(
            'budget',
            'project_finance.below_used',
            { taken: centsText(taken), short: centsText(taken - budget) },
            { taken: Number(centsText(taken)) },
          );
      }
    },
    beforeDelete: async ({ record }) => {
      if (toCents(record.used_amount) + toCents(record.held_amount) > 0)
        throw fieldError('budget', 'project_finance.line_in_use');
    },
  });
}
