import type { Engine } from '../../core/engine';
import { PB_DATE, centsOf, importRows, text, type Context } from './rows';

/**
 * Assets. The old book value is kept as the opening depreciation (price − book value) with no
 * schedule of its own, so today's book value is the same; the old damage rate, which nothing
 * computed from, goes in the report.
 */
export async function importAssets(ctx: Context, tx: Engine): Promise<void> {
  await importRows(ctx, tx, 'finance', 'assets', 'assets', async (row) => {
    const id = text(row.id);
    const price = centsOf(ctx, 'assets', row, 'price');
    const book =
      row.book_value === null || text(row.book_value) === ''
        ? price
        : centsOf(ctx, 'assets', row, 'book_value');
    if (!Number.isFinite(price) || price < 0)
      return { refuse: `price "${text(row.price)}" is not an amount` };
    const opening = Math.min(Math.max(price - book, 0), price);
    if (opening > 0 || text(row.damage_rate))
      ctx.report.money(
        `asset ${id} (${text(row.title)})`,
        `price ${(price / 100).toFixed(2)}, book value ${(book / 100).toFixed(2)}, damage rate ${text(row.damage_rate) || '-'}`,
        `opening depreciation ${(opening / 100).toFixed(2)}, no schedule`,
      );
    const status = ['New', 'Second', 'Eliminated'].includes(text(row.status))
      ? text(row.status)
      : 'New';
    if (status !== text(row.status))
      ctx.report.mapped('assets', 'status', text(row.status), status);
    const eliminated = status === 'Eliminated';
    const reason = text(row.eleminaion_reason);
    const created = text(row.created);
    return {
      data: {
        title: text(row.title),
        price: price / 100,
        bill_number: text(row.bill_number),
        status,
        purchase_date: PB_DATE.test(created) ? created : '',
        elimination_date: eliminated ? text(row.elmination_date) || created : '',
        elimination_reason: eliminated ? reason || 'Not recorded in the old system' : '',
        details: text(row.details),
        depreciation_method: 'none',
        opening_accumulated: opening / 100,
      },
    };
  });
}
