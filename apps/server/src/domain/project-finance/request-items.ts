import type { HookRegistry } from '../../core/hooks';
import type { Queryable } from '../../db/database';
import type { Row } from '../../core/record-export';
import type { RequestInfo } from '../../core/request-info';
import { changedFields } from '../../core/workflow';
import { fieldError } from '../finance';
import { centsText, toCents } from '../finance-ledger';
import { refreshRequestAmount, requireCreatorOrSeat, FIN } from './rules';

/** A request's items: priced by the server, frozen with their request. */
export function registerRequestItemRules(hooks: HookRegistry): void {
  // ---- Request items: priced by the server; frozen with their request (the workflow's). ----
  const parentOf = async (tx: Queryable, id: unknown) => {
    const { rows } = await tx.query<Row>(`SELECT * FROM "financial_requests" WHERE "id" = $1`, [
      id,
    ]);
    if (!rows[0]) throw fieldError('financial_request', 'project_finance.request_missing');
    return rows[0];
  };
  const price = (item: Row, target: Row) => {
    const total = Math.round(toCents(item.unit_price) * Number(item.quantity));
    // One base unit = rate units of the item's currency, so base = total / rate.
    const base = Math.round(total / Number(item.exchange_rate));
    target.total_price = centsText(total);
    target.base_amount = centsText(base);
  };
  const checkItem = async (tx: Queryable, item: Row, parent: Row, request: RequestInfo) => {
    await requireCreatorOrSeat(tx, FIN, parent, request, true);
    const { rows } = await tx.query<{ project: string }>(
      `SELECT "project" FROM "project_budget_lines" WHERE "id" = $1`,
      [item.budget_line],
    );
    if (rows[0]?.project !== parent.project)
      throw fieldError('budget_line', 'project_finance.other_project');
  };
  hooks.on('financial_request_items', {
    beforeCreate: async ({ tx, row, request }) => {
      await checkItem(tx, row, await parentOf(tx, row.financial_request), request);
      price(row, row);
    },
    afterCreate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      if (changedFields(changes, previous, []).includes('financial_request'))
        throw fieldError('financial_request', 'project_finance.item_fixed');
      const merged = { ...previous, ...changes };
      await checkItem(tx, merged, await parentOf(tx, previous.financial_request), request);
      price(merged, changes);
    },
    afterUpdate: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
    beforeDelete: async ({ tx, record, request }) => {
      // Deleted with its request (a cascade): the request's own rule has decided.
      const { rows } = await tx.query<Row>(`SELECT * FROM "financial_requests" WHERE "id" = $1`, [
        record.financial_request,
      ]);
      if (rows[0]) await checkItem(tx, record, rows[0], request);
    },
    afterDelete: ({ tx, record }) => refreshRequestAmount(tx, String(record.financial_request)),
  });
}
