import type { Engine } from '../../core/engine';
import { updateRecord } from '../../core/records';
import type { RequestInfo } from '../../core/request-info';
import { centsText, type Cents } from '../finance-ledger';
import type { SqliteRow } from './source';
import { coverShortfall } from './ledger';
import {
  PB_DATE,
  centsOf,
  existing,
  filesOf,
  importRows,
  keepDates,
  reasonOf,
  text,
  underSavepoint,
  type Context,
} from './rows';

/** The old request and purchase statuses, in the order the workflow moves through them. */
const MOVES: Record<string, readonly string[]> = {
  PENDING: [],
  APPROVED: ['APPROVED'],
  BILL_APPROVED: ['APPROVED', 'BILL_APPROVED'],
  DECLINED: ['DECLINED'],
};

/**
 * Project finance: budget lines, financial requests with their items and the committee's
 * comments, purchases with theirs, and bank checks. Requests and purchases are written PENDING,
 * then moved through the workflow to their old status, so holds, payments from the project vault
 * and the lines' used amounts are the server's own bookkeeping. The old system enforced no
 * committee rule, budget limit or bill, so the replay (request context `import`) is not refused
 * for those; a payment the vault could not cover gets an opening balance, reported.
 */
export async function importProjectFinance(base: Context, tx: Engine): Promise<void> {
  const replay: RequestInfo = { ...base.request, context: 'import' };
  const ctx: Context = { ...base, request: replay };
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const when = (row: SqliteRow, field = 'created') =>
    PB_DATE.test(text(row[field])) ? text(row[field]) : '';

  const oldUsed = new Map<string, Cents>();
  await importRows(
    ctx,
    tx,
    'project finance',
    'project_budgitlines',
    'project_budget_lines',
    async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      return {
        data: {
          project,
          title: text(row.title),
          budget: centsOf(ctx, 'project_budgitlines', row, 'budget') / 100,
          details: text(row.details),
        },
        after: async (id: string) => {
          oldUsed.set(id, cents(row.used_amount));
        },
      };
    },
  );

  /** Written as the old author: the server sets the author from the signed-in account. */
  const keepAuthor =
    (table: string, field: string, oldId: unknown, from: string, id: string) =>
    async (newId: string) => {
      const author = await existing(tx, 'employees', text(oldId));
      if (text(oldId) && !author)
        ctx.report.problem(`${field} ${text(oldId)} was not imported: left empty`, from, id);
      await tx.db.query(`UPDATE "${table}" SET "${field}" = $1 WHERE "id" = $2`, [author, newId]);
    };

  const written = new Map<string, SqliteRow>();
  const owned = (table: string) => async (row: SqliteRow) => {
    const project = await existing(tx, 'projects', text(row.project));
    if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
    const data: Record<string, unknown> = {
      project,
      title: text(row.title),
      details: text(row.details),
    };
    // The old purchase's title was optional; here a purchase is named: by its date and price.
    let titled = '';
    if (table === 'purchases') {
      const price = centsOf(ctx, table, row, 'price');
      data.price = price / 100;
      const old = text(row.title);
      if (old.length < 3) {
        const day = when(row).slice(0, 10);
        titled = `Purchase${day ? ` of ${day}` : ''}, ${centsText(price)} USD${old ? ` (${old})` : ''}`;
        data.title = titled;
      }
    }
    const files = await filesOf(ctx, table, row, 'bills');
    return {
      data,
      files,
      after: async (id: string) => {
        await keepAuthor(table, 'creator', row.creator, table, text(row.id))(id);
        written.set(`${table}\u0000${id}`, row);
        if (titled)
          ctx.report.adjusted(
            table,
            text(row.id),
            `${text(row.title) ? `title "${text(row.title)}" is under 3 characters` : 'no title (it was optional)'}: titled "${titled}"`,
          );
      },
    };
  };
  await importRows(
    ctx,
    tx,
    'project finance',
    'financial_requests',
    'financial_requests',
    owned('financial_requests'),
  );

  await importRows(
    ctx,
    tx,
    'project finance',
    'financial_request_items',
    'financial_request_items',
    async (row) => {
      const request = await existing(tx, 'financial_requests', text(row.financial_request));
      if (!request)
        return { refuse: `request ${text(row.financial_request) || '(none)'} does not exist` };
      const line = await existing(tx, 'project_budget_lines', text(row.budget_line));
      if (!line)
        return { refuse: `budget line ${text(row.budget_line) || '(none)'} does not exist` };
      let currency = text(row.currency).toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) {
        if (currency !== '' && currency !== '$')
          return { refuse: `currency "${text(row.currency)}" is not a currency code` };
        ctx.report.mapped('financial_request_items', 'currency', text(row.currency), 'USD');
        currency = 'USD';
      }
      const store = text(row.store_details);
      return {
        data: {
          financial_request: request,
          budget_line: line,
          title: text(row.title),
          details: [text(row.details), store ? `Store: ${store}` : ''].filter(Boolean).join('\n'),
          quantity: Number(row.quantity ?? 0),
          currency,
          unit_price: Number(row.unit_price ?? 0),
          exchange_rate: Number(row.exchange_rate ?? 1) || 1,
          store_name: text(row.store_name),
          store_address: text(row.store_address),
          bill_number: text(row.bill_number),
        },
        files: await filesOf(ctx, 'financial_request_items', row, 'bills'),
        after: async (id: string) => {
          // The old system summed the items in its own way: differences are said, not hidden.
          const { rows } = await tx.db.query<{ base: string }>(
            `SELECT "base_amount"::text AS base FROM "financial_request_items" WHERE "id" = $1`,
            [id],
          );
          const before = cents(row.total_price_in_usd);
          if (text(row.total_price_in_usd) && before !== cents(rows[0]?.base))
            ctx.report.money(
              `request item ${text(row.id)} (${text(row.title)})`,
              `${centsText(before)} in USD as stored`,
              `${rows[0]?.base ?? '0.00'} = quantity x unit price / rate`,
            );
        },
      };
    },
  );

  await importRows(ctx, tx, 'project finance', 'purchases', 'purchases', owned('purchases'));

  // The committees' comments, as their authors wrote them.
  const comments = [
    [
      'financial_reqeuests_commity_comments',
      'financial_request_comments',
      'financial_request',
      'request',
      'financial_requests',
    ],
    ['purchases_commity_comments', 'purchase_comments', 'purchase', 'purchase', 'purchases'],
  ] as const;
  for (const [from, to, oldOwner, owner, ownerTable] of comments) {
    await importRows(ctx, tx, 'project finance', from, to, async (row) => {
      const parent = await existing(tx, ownerTable, text(row[oldOwner]));
      if (!parent)
        return { refuse: `${oldOwner} ${text(row[oldOwner]) || '(none)'} does not exist` };
      const comment = text(row.comment);
      return {
        // A comment without words stays without (the collection's blankWhenImported).
        data: { [owner]: parent, stage: text(row.status), comment },
        after: async (id: string) => {
          await keepAuthor(to, 'employee', row.employee, from, text(row.id))(id);
          if (!comment)
            ctx.report.adjusted(
              from,
              text(row.id),
              `no comment text (the old comment was optional): kept without one`,
            );
        },
      };
    });
  }

  // Then each request and purchase moves to its old status, in the order they were made.
  const byAge = [...written].sort(([, a], [, b]) => when(a).localeCompare(when(b)));
  for (const [key, row] of byAge) {
    const [table, id] = key.split('\u0000');
    const moves = MOVES[text(row.status)];
    if (!moves) {
      ctx.report.problem(
        `status "${text(row.status)}" is unknown: left PENDING`,
        table,
        text(row.id),
      );
      continue;
    }
    const collection = tx.registry.get(table)!;
    for (const status of moves) {
      // The server dates a replayed payment by the record's last change: the old one.
      await keepDates(tx, table, id, row);
      if (status === 'BILL_APPROVED') {
        const { rows } = await tx.db.query<{ amount: string; vault: string }>(
          `SELECT ${table === 'purchases' ? '"price"' : '"amount"'}::text AS amount,
                  (SELECT v."id" FROM "vaults" v WHERE v."project" = t."project" AND v."kind" = 'project' ORDER BY v."_rowid" LIMIT 1) AS vault
             FROM "${table}" t WHERE t."id" = $1`,
          [id],
        );
        if (rows[0]?.vault) {
          const added = await coverShortfall(
            ctx,
            tx,
            rows[0].vault,
            cents(rows[0].amount),
            when(row, 'updated'),
            row,
          );
          if (added)
            ctx.report.money(
              `${table} ${text(row.id)} (${text(row.title)})`,
              `paid ${rows[0].amount} from the project vault`,
              `opening balance of ${centsText(added)} added before the payment`,
            );
        }
      }
      try {
        await underSavepoint(tx, 'import_move', () =>
          updateRecord(tx, collection, id, { data: { status }, files: {} }, replay, '127.0.0.1'),
        );
      } catch (error) {
        ctx.report.problem(
          `could not be moved to ${status}: ${reasonOf(error)}`,
          table,
          text(row.id),
        );
        break;
      }
    }
    await keepDates(tx, table, id, row);
  }

  // Used amounts: what the server computed from the requests against what the old line said.
  for (const [id, before] of oldUsed) {
    const { rows } = await tx.db.query<{ title: string; used: string }>(
      `SELECT "title", "used_amount"::text AS used FROM "project_budget_lines" WHERE "id" = $1`,
      [id],
    );
    if (rows[0] && cents(rows[0].used) !== before)
      ctx.report.money(
        `budget line ${id} (${rows[0].title})`,
        `used ${centsText(before)}`,
        `used ${rows[0].used}, from its bill-approved requests`,
      );
  }

  await importRows(ctx, tx, 'project finance', 'bank_checks', 'bank_checks', async (row) => {
    const project = await existing(tx, 'projects', text(row.project));
    if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
    return {
      data: {
        project,
        beneficiary: text(row.beneficiary_name),
        serial_number: text(row.serial_number),
        branch: text(row.branch),
        amount: centsOf(ctx, 'bank_checks', row, 'amount') / 100,
        date: text(row.date) || when(row),
        details: text(row.details),
      },
      files: await filesOf(ctx, 'bank_checks', row, 'attachments'),
    };
  });
}
