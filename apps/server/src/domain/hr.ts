import type { Queryable } from '../db/database';
import type { HookRegistry, RecordWrites } from '../core/hooks';
import type { Row } from '../core/record-export';
import { formatDate } from '../core/values';

const DAY_MS = 86_400_000;

/** Midnight UTC of a stored date. */
function dayOf(stored: string): Date {
  return new Date(`${stored.slice(0, 10)}T00:00:00.000Z`);
}

/** Adds whole months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

type Due = { id: string; paid_on: string; months: number; created: string };

/**
 * Lays a member's dues end to end in payment order: each payment covers `months` starting the day
 * after the previous one ends, or on its payment date if that is later (a lapse is not back-paid).
 * Returns each due's period and the date the member is paid until.
 */
export function chainDues(dues: readonly Due[]): {
  periods: Map<string, { start: string; end: string }>;
  paidUntil: string;
} {
  const ordered = [...dues].sort(
    (a, b) =>
      a.paid_on.localeCompare(b.paid_on) ||
      a.created.localeCompare(b.created) ||
      a.id.localeCompare(b.id),
  );
  const periods = new Map<string, { start: string; end: string }>();
  let cursor: Date | null = null;
  for (const due of ordered) {
    const paid = dayOf(due.paid_on);
    const start: Date =
      cursor && cursor.getTime() + DAY_MS > paid.getTime()
        ? new Date(cursor.getTime() + DAY_MS)
        : paid;
    const end = new Date(addMonths(start, due.months).getTime() - DAY_MS);
    periods.set(due.id, { start: formatDate(start), end: formatDate(end) });
    cursor = end;
  }
  return { periods, paidUntil: cursor ? formatDate(cursor) : '' };
}

/**
 * Recomputes every due period of a member and its paid-until date, in the caller's transaction.
 * The member's date is written through the engine (its audit record and realtime event); the other
 * dues' periods stay an SQL update on the rows locked with their member: an engine write of a due
 * would run this very rule again from inside it.
 */
async function recomputeMember(
  tx: Queryable,
  records: RecordWrites,
  memberId: string,
  pending: Due | null,
  excludeId: string | null,
): Promise<{ start: string; end: string } | null> {
  if (!memberId) return null;
  // Lock the member first: concurrent payments for one member then chain one after the other,
  // each seeing the dues the previous one committed.
  const { rows: member } = await tx.query<{ paid_until: string }>(
    `SELECT "paid_until" FROM "members" WHERE "id" = $1 FOR UPDATE`,
    [memberId],
  );
  const { rows } = await tx.query<Due>(
    `SELECT "id", "paid_on", "months", "created" FROM "member_dues" WHERE "member" = $1 AND "id" <> $2`,
    [memberId, excludeId ?? pending?.id ?? ''],
  );
  const all = pending
    ? [...rows.map((r) => ({ ...r, months: Number(r.months) })), pending]
    : rows.map((r) => ({ ...r, months: Number(r.months) }));
  const { periods, paidUntil } = chainDues(all);
  for (const due of rows) {
    const p = periods.get(due.id)!;
    await tx.query(
      `UPDATE "member_dues" SET "period_start" = $2, "period_end" = $3 WHERE "id" = $1`,
      [due.id, p.start, p.end],
    );
  }
  if (member[0] && String(member[0].paid_until ?? '') !== paidUntil)
    await records.update('members', memberId, { paid_until: paidUntil });
  return pending ? periods.get(pending.id)! : null;
}

/** HR rules: membership numbers and dues periods, on the hook point of domain/index.ts. */
export function registerHrHooks(hooks: HookRegistry): void {
  hooks.on('members', {
    computed: {
      // From a sequence, so two members created at once never get the same number.
      membership_number: {
        on: ['create'],
        value: async ({ tx }) => {
          const { rows } = await tx.query<{ n: string }>(
            `SELECT nextval('members_number_seq')::text AS n`,
          );
          return `M-${rows[0].n.padStart(5, '0')}`;
        },
      },
    },
  });

  /** Chains the saved payment among its member's others and stores its period on the row. */
  const chain = async (
    tx: Queryable,
    records: RecordWrites,
    row: Row,
    previous: Row | null,
  ): Promise<void> => {
    const merged: Row = { ...(previous ?? {}), ...row };
    const pending: Due = {
      id: String(merged.id),
      paid_on: String(merged.paid_on),
      months: Number(merged.months),
      created: String(merged.created ?? formatDate(new Date())),
    };
    const period = await recomputeMember(tx, records, String(merged.member), pending, null);
    if (period) {
      row.period_start = period.start;
      row.period_end = period.end;
    }
    // Moving a payment to another member recomputes the one it left too.
    if (previous && previous.member !== merged.member)
      await recomputeMember(tx, records, String(previous.member), null, String(previous.id));
  };
  hooks.on('member_dues', {
    beforeCreate: ({ tx, records, row }) => chain(tx, records, row, null),
    beforeUpdate: ({ tx, records, changes, previous }) => chain(tx, records, changes, previous),
    beforeDelete: async ({ tx, records, record, cascade }) => {
      // Deleted with its member: nothing is left to keep in step.
      if (cascade) return;
      await recomputeMember(tx, records, String(record.member), null, String(record.id));
    },
  });
}
