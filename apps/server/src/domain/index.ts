import type { CollectionRegistry } from '../core/collection-model';
import { HookRegistry, type HookOrder } from '../core/hooks';
import { registerAccountHooks } from './accounts';
import type { Area } from './area';
import { registerFinanceHooks } from './finance';
import { seedFinanceDemo } from './finance-seed';
import { registerHrHooks } from './hr';
import { seedHrDemo } from './hr-seed';
import { registerPayrollHooks } from './payroll';
import { seedPayrollDemo } from './payroll-seed';
import { seedProjectFinanceDemo } from './project-finance-seed';
import { registerProjectFinanceHooks } from './project-finance';
import { registerProjectHooks } from './projects';
import { seedProjectsDemo, seedProjectTeamsDemo } from './projects-seed';
import { seedSalaryDemo } from './salary-seed';
import { seedSystemDemo } from './system-seed';
import { registerWebsiteHooks } from './website';
import { seedWebsiteDemo } from './website-seed';

/** Every area, in the order their demo data loads (later areas point at earlier ones' records). */
export const AREAS: readonly Area[] = [
  { name: 'system', registerHooks: registerAccountHooks, seedDemo: seedSystemDemo },
  { name: 'salary', seedDemo: seedSalaryDemo },
  { name: 'projects', registerHooks: registerProjectHooks, seedDemo: seedProjectsDemo },
  { name: 'hr', registerHooks: registerHrHooks, seedDemo: seedHrDemo },
  // Project managers, staff and committees point at the people HR made.
  { name: 'project-teams', seedDemo: seedProjectTeamsDemo },
  {
    name: 'project-finance',
    registerHooks: registerProjectFinanceHooks,
    seedDemo: seedProjectFinanceDemo,
  },
  { name: 'finance', registerHooks: registerFinanceHooks, seedDemo: seedFinanceDemo },
  { name: 'payroll', registerHooks: registerPayrollHooks, seedDemo: seedPayrollDemo },
  { name: 'website', registerHooks: registerWebsiteHooks, seedDemo: seedWebsiteDemo },
];

/**
 * The order of the rule sets of the collections that several modules hold rules for (first runs
 * first); the engine refuses to start if a collection's sets are not all placed here.
 */
export const HOOK_ORDER: HookOrder = {
  // An activity's donation or expense is first placed in its project (and its vault), then booked.
  donations: ['project-finance/activity-money', 'finance/donations'],
  expenses: ['project-finance/activity-money', 'finance/expenses'],
  // The project's own rules (its code, dates, dependants) before its vault is made or removed.
  projects: ['projects/projects', 'finance/project-vault'],
};

/** The engine's hook point with every area's rules registered, in the declared order. */
export function createDomainHooks(registry: CollectionRegistry): HookRegistry {
  const hooks = new HookRegistry(registry, HOOK_ORDER);
  for (const area of AREAS) area.registerHooks?.(hooks);
  hooks.checkOrder();
  return hooks;
}
