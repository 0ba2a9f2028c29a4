import type { HookRegistry } from '../../core/hooks';
import type { Queryable } from '../../db/database';
import type { Row } from '../../core/record-export';
import { fieldError } from '../finance';
import { projectVaultId } from './rules';

/** An activity's donation or expense lives in its project's vault. */
export function registerActivityMoneyRules(hooks: HookRegistry): void {
  // ---- Activity money: an activity's donation or expense lives in its project's vault. ----
  const activityProject = async (tx: Queryable, activity: unknown) => {
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "projects_activities" WHERE "id" = $1`,
      [activity],
    );
    if (!rows[0]) throw fieldError('activity', 'project_finance.activity_missing');
    return rows[0].project;
  };
  const placeInActivity = async (tx: Queryable, merged: Row, target: Row, needsVault: boolean) => {
    if (!merged.activity) return;
    const project = await activityProject(tx, merged.activity);
    target.project = project;
    const vault = await projectVaultId(tx, project);
    if (!merged.vault || !needsVault) target.vault = vault;
    else if (merged.vault !== vault) throw fieldError('vault', 'project_finance.other_vault');
  };
  // Before the ledger's own rules (HOOK_ORDER), which then find the project's vault.
  hooks.on('donations', {
    name: 'project-finance/activity-money',
    beforeCreate: ({ tx, row }) => placeInActivity(tx, row, row, false),
    beforeUpdate: ({ tx, changes, previous }) =>
      placeInActivity(tx, { ...previous, ...changes }, changes, false),
  });
  hooks.on('expenses', {
    name: 'project-finance/activity-money',
    beforeCreate: ({ tx, row }) => placeInActivity(tx, row, row, true),
    beforeUpdate: ({ tx, changes, previous }) =>
      placeInActivity(tx, { ...previous, ...changes }, changes, true),
  });
}
