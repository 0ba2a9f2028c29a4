import type { HookRegistry } from '../../core/hooks';
import { changedFields } from '../../core/workflow';
import { formatDate } from '../../core/values';
import { fieldError, moveOf } from '../finance';
import { postEntries, toCents } from '../finance-ledger';
import { notify } from '../notifications';
import {
  employeeOf,
  replaying,
  hasFiles,
  financeLink,
  requireCreateSeat,
  deciders,
  lockProjectVault,
  announceStatus,
  requireCreatorOrSeat,
  checkFree,
  PUR,
} from './rules';

/** A purchase: the request's workflow with one price instead of items. */
export function registerPurchaseRules(hooks: HookRegistry): void {
  // ---- Purchases: the same workflow, with one price instead of items. ----
  hooks.requires('purchases', 'bills', async ({ record }) => {
    if (!hasFiles(record.bills)) throw fieldError('bills', 'workflow.bills_required');
  });
  hooks.on('purchases', {
    computed: { creator: { on: ['create'], value: ({ request }) => employeeOf(request) } },
    beforeCreate: async ({ tx, row, request }) => {
      await requireCreateSeat(tx, PUR, String(row.project), request);
    },
    afterCreate: async ({ tx, record, request, records }) => {
      if (replaying(request)) return;
      await notify(
        tx,
        records,
        await deciders(tx, PUR, String(record.project)),
        {
          title: `Purchase to review: ${String(record.title)}`,
          link: financeLink(String(record.project), 'purchases', String(record.id)),
        },
        employeeOf(request),
      );
    },
    beforeUpdate: async ({ tx, changes, previous, request }) => {
      if (changedFields(changes, previous, ['status', 'status_reason']).length)
        await requireCreatorOrSeat(tx, PUR, previous, request, false);
      const to = moveOf(changes, previous);
      if (!to) return;
      // The price is fixed from approval on (the workflow's rule): it is what is held and paid.
      const amount = toCents(previous.price);
      const vault = await lockProjectVault(tx, String(previous.project));
      if (to === 'APPROVED' && !replaying(request)) checkFree(vault, amount, 'status');
      if (to === 'BILL_APPROVED') {
        const [entry] = await postEntries(
          tx,
          [
            {
              vault: vault.id,
              amount: -amount,
              kind: 'expense',
              // A replayed payment happened when the old record last changed.
              date: replaying(request) ? String(previous.updated) : formatDate(new Date()),
              source: { collection: 'purchases', id: String(previous.id) },
              statement: `Purchase: ${String(previous.title)}`,
            },
          ],
          request,
          'status',
        );
        changes.payment_entry = entry;
      }
    },
    afterUpdate: async ({ tx, record, previous, request, records }) => {
      if (record.status !== previous.status)
        await announceStatus(tx, PUR, record, 'purchase', request, records);
    },
    beforeDelete: async ({ tx, record, request }) => {
      await requireCreatorOrSeat(tx, PUR, record, request, true);
    },
  });
}
