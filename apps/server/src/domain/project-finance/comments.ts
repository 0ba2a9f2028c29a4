import type { HookRegistry } from '../../core/hooks';
import { refuse } from '../../core/refusals';
import { fieldError } from '../finance';
import { employeeOf, replaying, COMMITTEE, seatOf, type Committee, FIN, PUR } from './rules';

/** Comments on requests and purchases: committee members of the project, as themselves. */
export function registerCommentRules(hooks: HookRegistry): void {
  // ---- Comments: committee members of the project, as themselves. ----
  const commentHooks = (collection: string, owner: string, ownerTable: string, c: Committee) =>
    hooks.on(collection, {
      computed: { employee: { on: ['create'], value: ({ request }) => employeeOf(request) } },
      beforeCreate: async ({ tx, row, request }) => {
        const { rows } = await tx.query<{ project: string }>(
          `SELECT "project" FROM "${ownerTable}" WHERE "id" = $1`,
          [row[owner]],
        );
        if (!rows[0]) throw fieldError(owner, 'project_finance.owner_missing');
        if (!replaying(request) && !(await seatOf(tx, c, rows[0].project, request)))
          throw refuse(403, 'project_finance.committee_only_comment', {
            words: { committee: COMMITTEE[c] },
          });
      },
      beforeUpdate: async ({ changes, previous }) => {
        if (changes[owner] !== undefined && changes[owner] !== previous[owner])
          throw fieldError(owner, 'project_finance.comment_fixed');
      },
    });
  commentHooks('financial_request_comments', 'request', 'financial_requests', FIN);
  commentHooks('purchase_comments', 'purchase', 'purchases', PUR);
}
