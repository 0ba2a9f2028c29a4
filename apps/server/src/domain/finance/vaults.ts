import type { HookRegistry } from '../../core/hooks';
import { refuse } from '../../core/refusals';
import { actingAsSystem } from '../../core/request-info';
import { fieldError, changedFields, projectVault } from './rules';

/** A vault's rules, and a project's vault, created and deleted with its project. */
export function registerVaultRules(hooks: HookRegistry): void {
  // ---- Vaults: a project vault belongs to its project; currency and kind are fixed. ----
  hooks.on('vaults', {
    name: 'finance/vaults',
    beforeCreate: async ({ tx, row }) => {
      row.currency = row.currency || 'USD';
      if (row.kind === 'project') {
        if (!row.project) throw fieldError('project', 'finance.vault_needs_project');
        if (await projectVault(tx, String(row.project)))
          throw fieldError('project', 'finance.project_has_vault');
      } else if (row.project) {
        throw fieldError('project', 'finance.vault_not_project');
      }
    },
    beforeUpdate: async ({ changes, previous }) => {
      for (const name of changedFields(changes, previous, [])) {
        if (name === 'kind' || name === 'project' || name === 'currency')
          throw fieldError(name, 'finance.vault_fixed');
      }
    },
    // A project's vault goes only with its project (deleted by the server from there).
    beforeDelete: async ({ record, request }) => {
      if (record.kind === 'project' && !actingAsSystem(request))
        throw fieldError('kind', 'finance.project_vault_delete');
    },
  });

  // ---- Projects: every project gets its vault, created with it. ----
  hooks.on('projects', {
    name: 'finance/project-vault',
    afterCreate: async ({ records, record }) => {
      await records.create('vaults', {
        title: String(record.title).slice(0, 200),
        kind: 'project',
        project: record.id,
        currency: 'USD',
        active: true,
      });
    },
    beforeDelete: async ({ tx, records, record }) => {
      // The vault goes with its project, unless money has moved through it.
      const { rows } = await tx.query<{ id: string; entries: number }>(
        `SELECT v."id", (SELECT count(*)::int FROM "ledger_entries" e WHERE e."vault" = v."id") AS entries
           FROM "vaults" v WHERE v."project" = $1 AND v."kind" = 'project' FOR UPDATE`,
        [record.id],
      );
      for (const vault of rows) {
        if (vault.entries > 0) throw refuse(400, 'finance.project_vault_used');
        await records.delete('vaults', vault.id);
      }
    },
  });
}
