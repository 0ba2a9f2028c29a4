import type { Engine } from '../../core/engine';
import { createRecord, updateRecord } from '../../core/records';
import { centsText, postEntries, type Cents } from '../finance-ledger';
import { projectVaultId } from '../project-finance';
import type { SqliteRow } from './source';
import { PB_DATE, centsOf, existing, importRows, text, type Context } from './rows';

/**
 * Where the old records paid out more than a vault held, an opening balance entry (kind
 * `correction`) just before the payment covers exactly the difference, so the payment goes
 * through as it did in the old system. Returns the amount added (cents).
 */
export async function coverShortfall(
  ctx: Context,
  tx: Engine,
  vault: string,
  amount: Cents,
  date: string,
  row: SqliteRow,
): Promise<Cents> {
  const short = amount - (await balanceOf(tx, vault));
  if (short <= 0) return 0;
  await postEntries(
    tx.db,
    [
      {
        vault,
        amount: short,
        kind: 'correction',
        date,
        source: { collection: 'pocketbase_import', id: text(row.id) },
        statement: 'Opening balance: the old records paid out more than this vault had taken in',
      },
    ],
    ctx.request,
  );
  return short;
}

/** The main vault (the organisation's own money), made when the database has none yet. */
export async function mainVault(ctx: Context, tx: Engine): Promise<string> {
  const { rows } = await tx.db.query<{ id: string }>(
    `SELECT "id" FROM "vaults" WHERE "kind" = 'main' ORDER BY "_rowid" LIMIT 1`,
  );
  if (rows[0]) return rows[0].id;
  const made = await createRecord(
    tx,
    tx.registry.get('vaults')!,
    { data: { title: 'Main vault', kind: 'main', currency: 'USD', active: true }, files: {} },
    ctx.request,
    '127.0.0.1',
  );
  return String(made.id);
}

/** The project's vault, or '' when the project has none (the row is then refused). */
async function projectVaultOf(tx: Engine, project: string): Promise<string> {
  return project ? projectVaultId(tx.db, project).catch(() => '') : '';
}

async function balanceOf(tx: Engine, vault: string): Promise<Cents> {
  const { rows } = await tx.db.query<{ cents: string }>(
    `SELECT round("balance" * 100)::bigint::text AS cents FROM "vaults" WHERE "id" = $1`,
    [vault],
  );
  return Number(rows[0]?.cents ?? 0);
}

/**
 * The old money: the `finance` table into the main vault, `project_finance` and
 * `activities_finance` into their project's vault, all through the ledger (donations first, then
 * expenses approved and paid, so each vault's balance is its old donations minus expenses). Where
 * the old records paid out more than a vault had, an opening balance entry covers the difference
 * just before that payment, and the report says how much.
 */
export async function importLedger(ctx: Context, tx: Engine): Promise<void> {
  const main = await mainVault(ctx, tx);
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const day = (row: SqliteRow) => {
    const created = text(row.created);
    return PB_DATE.test(created) ? created : '';
  };

  // Where each old row goes; a row whose project or activity is not here is refused.
  const plans = new Map<string, { vault: string; project: string; activity: string } | string>();
  const placed = async (table: string, row: SqliteRow) => {
    const key = `${table}\u0000${text(row.id)}`;
    if (!plans.has(key)) {
      if (table === 'finance') plans.set(key, { vault: main, project: '', activity: '' });
      else {
        let project = '';
        let activity = '';
        if (table === 'activities_finance') {
          activity = await existing(tx, 'projects_activities', text(row.activity));
          if (!activity) {
            plans.set(key, `activity ${text(row.activity) || '(none)'} does not exist`);
            return plans.get(key)!;
          }
          const { rows } = await tx.db.query<{ project: string }>(
            `SELECT "project" FROM "projects_activities" WHERE "id" = $1`,
            [activity],
          );
          project = rows[0]?.project ?? '';
        } else project = await existing(tx, 'projects', text(row.project));
        const vault = await projectVaultOf(tx, project);
        plans.set(
          key,
          vault
            ? { vault, project, activity }
            : `project ${text(row.project) || project || '(none)'} has no vault here`,
        );
      }
    }
    return plans.get(key)!;
  };

  const totals = new Map<
    string,
    { donations: Cents; fees: Cents; expenses: Cents; opening: Cents; pending: Cents; start: Cents }
  >();
  const totalOf = async (vault: string) => {
    if (!totals.has(vault))
      totals.set(vault, {
        donations: 0,
        fees: 0,
        expenses: 0,
        opening: 0,
        pending: 0,
        start: await balanceOf(tx, vault),
      });
    return totals.get(vault)!;
  };

  const tables = ['finance', 'project_finance', 'activities_finance'] as const;
  const isType = (type: string) => (row: SqliteRow) => text(row.type) === type;
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'donations',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        await totalOf(plan.vault); // the vault's balance before the import's first write to it
        return {
          data: {
            donor: text(row.fund_facility),
            amount: centsOf(ctx, table, row, 'amount') / 100,
            transaction_fees: centsOf(ctx, table, row, 'transaction_fees') / 100,
            received_on: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async () => {
            const total = await totalOf(plan.vault);
            total.donations += cents(row.amount);
            total.fees += cents(row.transaction_fees);
          },
        };
      },
      isType('donation'),
    );
  }
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'expenses',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        await totalOf(plan.vault);
        const amount = centsOf(ctx, table, row, 'amount');
        return {
          data: {
            beneficiary: text(row.fund_facility),
            amount: amount / 100,
            date: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async (id: string) => {
            const total = await totalOf(plan.vault);
            total.opening += await coverShortfall(ctx, tx, plan.vault, amount, day(row), row);
            const expenses = tx.registry.get('expenses')!;
            // The old system approved and paid it: replayed, not approved again by the importer
            // (who would be approving what the import recorded in their name).
            for (const status of ['approved', 'paid'])
              await updateRecord(
                tx,
                expenses,
                id,
                { data: { status }, files: {} },
                { ...ctx.request, context: 'import' },
                '127.0.0.1',
              );
            total.expenses += amount;
          },
        };
      },
      isType('expense'),
    );
  }
  // A row whose kind the old data does not say (an empty type) was counted in neither total of
  // the old vault. Refused, its amount would be lost; guessed, it would move money. It is kept
  // as a pending expense, which moves nothing until someone decides, and listed for review.
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'expenses',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        const total = await totalOf(plan.vault);
        const amount = centsOf(ctx, table, row, 'amount');
        return {
          data: {
            beneficiary: text(row.fund_facility),
            amount: amount / 100,
            date: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async () => {
            total.pending += amount;
            ctx.report.toReview(
              table,
              text(row.id),
              'expenses',
              `type "${text(row.type)}" is neither donation nor expense: kept as a pending expense of ${centsText(amount)}, which moves no money; approve and pay it, or delete it and record a donation`,
            );
          },
        };
      },
      (row) => !['donation', 'expense'].includes(text(row.type)),
    );
  }

  for (const [vault, t] of totals) {
    const { rows } = await tx.db.query<{ title: string }>(
      `SELECT "title" FROM "vaults" WHERE "id" = $1`,
      [vault],
    );
    const now = await balanceOf(tx, vault);
    ctx.report.money(
      `vault ${rows[0]?.title ?? vault}`,
      `old donations ${centsText(t.donations)} - fees ${centsText(t.fees)} - expenses ${centsText(t.expenses)} = ${centsText(t.donations - t.fees - t.expenses)}`,
      `balance moved by ${centsText(now - t.start)}` +
        (t.opening ? ` (with an opening balance of ${centsText(t.opening)})` : '') +
        (t.pending ? `; ${centsText(t.pending)} pending, to review` : ''),
    );
  }
}
