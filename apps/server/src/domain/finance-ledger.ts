import type { Queryable } from '../db/database';
import { refuse } from '../core/refusals';
import type { RequestInfo } from '../core/request-info';
import { formatDate } from '../core/values';
import { newRecordId } from '../tools/security/random';

/**
 * The one way money moves: `postEntries` writes ledger entries and keeps each vault's balance
 * equal to the sum of its entries, in the caller's transaction. Amounts travel as whole cents
 * (integers) in TypeScript and as numeric text in SQL, so no floating point touches a sum.
 */

export type Cents = number;

/** Whole cents of a stored numeric ("-12.30"), a validated money number (12.3) or nothing (0). */
export function toCents(value: unknown): Cents {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Math.round(value * 100);
  const match = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(String(value));
  if (!match) throw new Error(`not an amount: ${String(value)}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  return sign ? -cents : cents;
}

/** Numeric text of an amount in cents: 1230 -> "12.30", -5 -> "-0.05". */
export function centsText(cents: Cents): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The JSON number of an amount in cents (exact to two decimals once printed). */
export function centsNumber(cents: Cents): number {
  return Number(centsText(cents));
}

export type EntryKind =
  | 'donation'
  | 'donation_fee'
  | 'transfer'
  | 'cash_adjustment'
  | 'expense'
  | 'expense_reversal'
  | 'advance'
  | 'advance_repayment'
  | 'correction'
  | 'salary'
  | 'salary_reversal';

/** One movement of money into (positive) or out of (negative) a vault. */
export type Posting = {
  vault: string;
  amount: Cents;
  kind: EntryKind;
  date: string;
  source: { collection: string; id: string };
  statement?: string;
  /** The entry this one undoes. */
  reverses?: string;
};

type LockedVault = {
  id: string;
  title: string;
  kind: string;
  currency: string;
  balance: string;
  float_limit: string;
};

/**
 * Locks the vaults, in id order so two transactions touching the same vaults never wait on each
 * other in a circle, and returns them by id. A vault that does not exist is a 400 on `field`.
 */
export async function lockVaults(
  tx: Queryable,
  ids: readonly string[],
  field = 'vault',
): Promise<Map<string, LockedVault>> {
  const unique = [...new Set(ids)].sort();
  const { rows } = await tx.query<LockedVault>(
    `SELECT "id", "title", "kind", "currency", "balance"::text AS balance, "float_limit"::text AS float_limit
       FROM "vaults" WHERE "id" = ANY($1::text[]) ORDER BY "id" FOR UPDATE`,
    [unique],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) {
    if (!byId.has(id)) throw refuse(400, 'finance.missing_vault', { field });
  }
  return byId;
}

/** The message of a refused outflow: it names what the vault can give. */
function insufficient(vault: LockedVault, balance: Cents, field: string) {
  const available = centsText(balance);
  const currency = vault.currency || 'USD';
  return refuse(400, 'finance.insufficient', {
    field,
    words: { vault: vault.title, available, currency },
    params: { available: Number(available), currency, vault: vault.id },
  });
}

/**
 * Writes the entries in order and moves each vault's balance by its amount. Every vault is
 * locked first (`SELECT … FOR UPDATE`), so concurrent movements of one vault queue, and each
 * sees the balance the previous one committed. An entry that would take a vault below zero (or
 * a cash box above its float) refuses the whole change with a 400 naming the available balance.
 * Returns the ids of the entries written, in order.
 *
 * Kept in SQL, not through the engine's `records`: the balance is derived (the sum of the vault's
 * entries) and computed and checked by the database on the locked row, and entries are written
 * only here, append-only, as the bookkeeping of the record that moves the money (whose own audit
 * record and realtime event say so; screens refresh vaults and entries with it).
 */
export async function postEntries(
  tx: Queryable,
  postings: readonly Posting[],
  request: RequestInfo,
  field = 'amount',
): Promise<string[]> {
  const moving = postings.filter((p) => p.amount !== 0);
  if (moving.length === 0) return [];
  const vaults = await lockVaults(
    tx,
    moving.map((p) => p.vault),
    'vault',
  );
  const now = formatDate(new Date());
  const by = request.auth?.collection.name === 'employees' ? String(request.auth.record.id) : '';
  // What the change as a whole takes out of each vault: refused up front with the balance the
  // vault has now (a donation taken back names its vault's balance, not one between its entries).
  const net = new Map<string, Cents>();
  for (const p of moving) net.set(p.vault, (net.get(p.vault) ?? 0) + p.amount);
  for (const [id, amount] of net) {
    const balance = toCents(vaults.get(id)!.balance);
    if (amount < 0 && balance + amount < 0) throw insufficient(vaults.get(id)!, balance, field);
  }
  const ids: string[] = [];
  for (const p of moving) {
    const vault = vaults.get(p.vault)!;
    // The new balance is computed and checked by the database, on the locked row.
    const { rows } = await tx.query<{ balance: string }>(
      `UPDATE "vaults" SET "balance" = "balance" + $2::numeric, "updated" = $3
        WHERE "id" = $1 AND "balance" + $2::numeric >= 0
          AND ($2::numeric <= 0 OR "kind" <> 'cash' OR "float_limit" = 0 OR "balance" + $2::numeric <= "float_limit")
        RETURNING "balance"::text AS balance`,
      [p.vault, centsText(p.amount), now],
    );
    if (!rows[0]) {
      const { rows: current } = await tx.query<{ balance: string; float_limit: string }>(
        `SELECT "balance"::text AS balance, "float_limit"::text AS float_limit FROM "vaults" WHERE "id" = $1`,
        [p.vault],
      );
      const balance = toCents(current[0].balance);
      if (p.amount < 0) throw insufficient(vault, balance, field);
      const limit = centsText(toCents(current[0].float_limit));
      throw refuse(400, 'finance.over_float', {
        field,
        words: { vault: vault.title, limit },
        params: { limit: Number(limit), balance: centsNumber(balance) },
      });
    }
    const id = newRecordId();
    await tx.query(
      `INSERT INTO "ledger_entries"
         ("id","vault","amount","date","kind","source_collection","source_id","statement","reverses","created_by","created","updated")
       VALUES ($1,$2,$3::numeric,$4,$5,$6,$7,$8,$9,$10,$11,$11)`,
      [
        id,
        p.vault,
        centsText(p.amount),
        p.date || now,
        p.kind,
        p.source.collection,
        p.source.id,
        (p.statement ?? '').slice(0, 2000),
        p.reverses ?? '',
        by,
        now,
      ],
    );
    ids.push(id);
  }
  return ids;
}

/**
 * Brings a source record's entries to what it should have moved: for each (vault, kind) the
 * difference between `desired` and what its entries already sum to is posted as a new entry.
 * Used where a record's money may be edited or deleted (donations): nothing is rewritten, the
 * history shows the correction. Inflows are posted before outflows.
 */
export async function syncSourceEntries(
  tx: Queryable,
  source: { collection: string; id: string },
  desired: ReadonlyArray<{ vault: string; kind: EntryKind; amount: Cents }>,
  meta: { date: string; statement: string },
  request: RequestInfo,
): Promise<void> {
  const { rows } = await tx.query<{ vault: string; kind: EntryKind; total: string }>(
    `SELECT "vault", "kind", sum("amount")::text AS total FROM "ledger_entries"
      WHERE "source_collection" = $1 AND "source_id" = $2 GROUP BY "vault", "kind"`,
    [source.collection, source.id],
  );
  const delta = new Map<string, { vault: string; kind: EntryKind; amount: Cents }>();
  const key = (vault: string, kind: string) => `${vault}\u0000${kind}`;
  for (const d of desired) {
    const k = key(d.vault, d.kind);
    const prev = delta.get(k);
    delta.set(k, { vault: d.vault, kind: d.kind, amount: (prev?.amount ?? 0) + d.amount });
  }
  for (const r of rows) {
    const k = key(r.vault, r.kind);
    const prev = delta.get(k);
    delta.set(k, { vault: r.vault, kind: r.kind, amount: (prev?.amount ?? 0) - toCents(r.total) });
  }
  const postings = [...delta.values()]
    .filter((d) => d.amount !== 0)
    .sort((a, b) => b.amount - a.amount)
    .map((d) => ({ ...d, date: meta.date, source, statement: meta.statement }));
  await postEntries(tx, postings, request);
}
