import type { HookRegistry } from '../../core/hooks';
import { changedFields } from '../../core/workflow';
import { formatDate } from '../../core/values';
import { fieldError, moveOf } from '../finance';
import { centsText, postEntries, toCents } from '../finance-ledger';
import { notify } from '../notifications';
import {
  employeeOf,
  replaying,
  hasFiles,
  financeLink,
  requireCreateSeat,
  deciders,
  lockProjectVault,
  amountsPerLine,
  lockLines,
  moveLine,
  announceStatus,
  requireCreatorOrSeat,
  checkFree,
  FIN,
} from './rules';

/** A financial request's bookkeeping of PENDING -> APPROVED -> BILL_APPROVED. */
export function registerRequestRules(hooks: HookRegistry): void {
  // ---- Financial requests: the bookkeeping of PENDING -> APPROVED -> BILL_APPROVED. ----
  hooks.requires('financial_requests', 'bills', async ({ tx, record }) => {
    const { rows } = await tx.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM "financial_request_items"
        WHERE "financial_request" = $1 AND jsonb_array_length(COALESCE("bills", '[]'::jsonb)) = 0`,
      [record.id],
    );
    if (!hasFiles(record.bills) && rows[0].missing > 0)
      throw fieldError('bills', 'workflow.request_bills_required');
  });
  hooks.on('financial_requests', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireCreateSeat(tx, FIN, String(row.project), request);
      row.amount = '0.00';
    },
    afterCreate: async ({ tx, record, request, records }) => {
      if (replaying(request)) return;
      await notify(
        tx,
        records,
        await deciders(tx, FIN, String(record.project)),
        {
          title: `Financial request to review: ${String(record.title)}`,
          link: financeLink(String(record.project), 'requests', String(record.id)),
        },
        employeeOf(request),
      );
    },
    beforeUpdate: async ({ tx, records, changes, previous, request }) => {
      if (changedFields(changes, previous, ['status', 'status_reason']).length)
        await requireCreatorOrSeat(tx, FIN, previous, request, false);
      const to = moveOf(changes, previous);
      if (!to) return;
      const from = String(previous.status || 'PENDING');
      const id = String(previous.id);
      // Amounts come from the items, in SQL: an APPROVED request's items are frozen.
      const perLine = await amountsPerLine(tx, id);
      const total = perLine.reduce((s, l) => s + l.amount, 0);
      const vault = await lockProjectVault(tx, String(previous.project));
      const lines = await lockLines(
        tx,
        perLine.map((l) => l.line),
      );
      if (to === 'APPROVED') {
        if (total <= 0) throw fieldError('status', 'project_finance.no_items');
        for (const { line, amount } of perLine) {
          const l = lines.get(line)!;
          const remaining = l.budget - l.used - l.held;
          if (amount > remaining && !replaying(request)) {
            const over = centsText(amount - remaining);
            throw fieldError(
              'status',
              'project_finance.over_line',
              { line: l.title, over, remaining: centsText(remaining) },
              { over: Number(over), line, remaining: Number(centsText(remaining)) },
            );
          }
        }
        if (!replaying(request)) checkFree(vault, total, 'status');
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, amount, 0);
        changes.amount = centsText(total);
      }
      if (to === 'BILL_APPROVED') {
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: vault.id,
              amount: -toCents(previous.amount),
              kind: 'expense',
              // A replayed payment happened when the old record last changed.
              date: replaying(request) ? String(previous.updated) : formatDate(new Date()),
              source: { collection: 'financial_requests', id },
              statement: `Financial request: ${String({ ...previous, ...changes }.title)}`,
            },
          ],
          request,
          'status',
        );
        changes.payment_entry = entry;
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, -amount, amount);
      }
      // Declined or taken back after approval: the hold is released.
      if ((to === 'DECLINED' || to === 'PENDING') && from === 'APPROVED')
        for (const { line, amount } of perLine)
          await moveLine(records, lines.get(line)!, -amount, 0);
    },
    afterUpdate: async ({ tx, record, previous, request, records }) => {
      if (record.status !== previous.status)
        await announceStatus(tx, FIN, record, 'request', request, records);
    },
    beforeDelete: async ({ tx, record, request }) => {
      await requireCreatorOrSeat(tx, FIN, record, request, true);
    },
  });
}
