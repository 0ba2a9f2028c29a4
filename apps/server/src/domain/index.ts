import type { CollectionRegistry } from '../core/collection-model';
import { HookRegistry } from '../core/hooks';
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
  // Before the ledger's rules: an activity's donation or expense is first placed in its project.
  {
    name: 'project-finance',
    registerHooks: registerProjectFinanceHooks,
    seedDemo: seedProjectFinanceDemo,
  },
  { name: 'finance', registerHooks: registerFinanceHooks, seedDemo: seedFinanceDemo },
  { name: 'payroll', registerHooks: registerPayrollHooks, seedDemo: seedPayrollDemo },
  { name: 'website', registerHooks: registerWebsiteHooks, seedDemo: seedWebsiteDemo },
];

/** The engine's hook point with every area's rules registered. */
export function createDomainHooks(registry: CollectionRegistry): HookRegistry {
  const hooks = new HookRegistry(registry);
  for (const area of AREAS) area.registerHooks?.(hooks);
  return hooks;
}
