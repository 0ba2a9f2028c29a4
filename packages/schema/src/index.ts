export * from './permissions';
export * from './fields';
export * from './collection';
export { collectionId } from './crc32';
export * from './csv';
export * from './records';
export * from './collections/system';
export * from './collections/hr';
export * from './collections/projects';
export type * from './finance-api';
export type * from './dashboard-api';
export * from './collections/finance';
export * from './collections/payroll';
export * from './collections/website';
export type * from './project-finance-api';
export type * from './import-api';
export * from './collections/project-finance';
export * from './workflow';
export * from './refusals';
export * from './demo-roles';

import type { CollectionDef } from './collection';
import { roles, users, userActivities, organisationSettings } from './collections/system';
import {
  employeeOptions,
  allowanceOptions,
  deductionOptions,
  employees,
  employeeTasks,
  membershipTypes,
  members,
  memberDues,
  volunteerSkills,
  volunteers,
  volunteerHours,
} from './collections/hr';
import {
  projects,
  projectActivities,
  projectTimelines,
  activityTimelines,
  projectStaff,
  activityStaff,
  projectFinancialCommittees,
  projectPurchasesCommittees,
} from './collections/projects';
import {
  vaults,
  ledgerEntries,
  vaultTransfers,
  cashCounts,
  grants,
  grantDeadlines,
  donations,
  grantTranches,
  expenses,
  assets,
  employeeAdvances,
  advanceRepayments,
} from './collections/finance';
import { payrollRuns, payslips, payslipLines } from './collections/payroll';
import { blogTopics, blogArticles, websiteResources } from './collections/website';
import {
  projectBudgetLines,
  financialRequests,
  financialRequestItems,
  financialRequestComments,
  purchases,
  purchaseComments,
  bankChecks,
  notifications,
} from './collections/project-finance';

/** Every collection, in an order where a relation's target comes before it where possible. */
export const COLLECTIONS: readonly CollectionDef[] = [
  roles,
  projects,
  employeeOptions,
  allowanceOptions,
  deductionOptions,
  employees,
  employeeTasks,
  membershipTypes,
  members,
  memberDues,
  volunteerSkills,
  volunteers,
  volunteerHours,
  vaults,
  ledgerEntries,
  vaultTransfers,
  cashCounts,
  grants,
  grantDeadlines,
  donations,
  grantTranches,
  expenses,
  assets,
  employeeAdvances,
  advanceRepayments,
  payrollRuns,
  payslips,
  payslipLines,
  users,
  userActivities,
  // After employees and members, which their staff lines and committees point at.
  projectActivities,
  projectTimelines,
  activityTimelines,
  projectStaff,
  activityStaff,
  projectFinancialCommittees,
  projectPurchasesCommittees,
  // The public website's content points at nothing else.
  blogTopics,
  blogArticles,
  websiteResources,
  // Project finance points at projects, vaults' ledger entries and employees.
  projectBudgetLines,
  financialRequests,
  financialRequestItems,
  financialRequestComments,
  purchases,
  purchaseComments,
  bankChecks,
  notifications,
  organisationSettings,
];

/** Looks a declaration up by name. */
export function findCollection(name: string): CollectionDef | undefined {
  return COLLECTIONS.find((c) => c.name === name);
}
export * from './money';
export * from './plural';
export * from './documents/texts';
export * from './documents/project-report';
