import type { Engine } from '../core/engine';
import { loadAccessibleRow } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import { formatDate } from '../core/values';

export type VolunteerHoursSummary = {
  totalHours: number;
  entries: number;
  thisYearHours: number;
  byProject: Array<{ project: string; title: string; hours: number }>;
};

export type MemberDuesSummary = {
  totalPaid: number;
  payments: number;
  lastPaidOn: string;
  paidUntil: string;
  lapsed: boolean;
};

/**
 * A volunteer's hours: in total, this calendar year, and per project. Sums are computed in SQL so
 * they stay right at any size. Throws 404 when the requester may not see the volunteer.
 */
export async function volunteerHoursSummary(
  engine: Engine,
  volunteerId: string,
  request: RequestInfo,
): Promise<VolunteerHoursSummary> {
  await loadAccessibleRow(engine, engine.registry.get('volunteers')!, volunteerId, 'view', request);
  const yearStart = formatDate(new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1)));
  const { rows } = await engine.db.query<{
    total: string | null;
    entries: string;
    this_year: string | null;
  }>(
    `SELECT COALESCE(sum("hours"), 0)::text AS total, count(*)::text AS entries,
            COALESCE(sum("hours") FILTER (WHERE "date" >= $2), 0)::text AS this_year
       FROM "volunteer_hours" WHERE "volunteer" = $1`,
    [volunteerId, yearStart],
  );
  const { rows: byProject } = await engine.db.query<{
    project: string;
    title: string | null;
    hours: string;
  }>(
    `SELECT h."project", p."title", sum(h."hours")::text AS hours
       FROM "volunteer_hours" h LEFT JOIN "projects" p ON p."id" = h."project"
      WHERE h."volunteer" = $1 GROUP BY h."project", p."title" ORDER BY sum(h."hours") DESC`,
    [volunteerId],
  );
  return {
    totalHours: Number(rows[0].total),
    entries: Number(rows[0].entries),
    thisYearHours: Number(rows[0].this_year),
    byProject: byProject.map((r) => ({
      project: r.project,
      title: r.title ?? '',
      hours: Number(r.hours),
    })),
  };
}

/** A member's dues: total paid, payments, the last one, paid-until and whether it lapsed. */
export async function memberDuesSummary(
  engine: Engine,
  memberId: string,
  request: RequestInfo,
): Promise<MemberDuesSummary> {
  const member = await loadAccessibleRow(
    engine,
    engine.registry.get('members')!,
    memberId,
    'view',
    request,
  );
  const { rows } = await engine.db.query<{
    total: string;
    payments: string;
    last_paid_on: string | null;
  }>(
    `SELECT COALESCE(sum("amount"), 0)::text AS total, count(*)::text AS payments, max("paid_on") AS last_paid_on
       FROM "member_dues" WHERE "member" = $1`,
    [memberId],
  );
  const paidUntil = String(member.paid_until ?? '');
  const today = formatDate(new Date()).slice(0, 10);
  return {
    totalPaid: Number(rows[0].total),
    payments: Number(rows[0].payments),
    lastPaidOn: rows[0].last_paid_on ?? '',
    paidUntil,
    // Active members whose dues ran out are "Lapsed"; the stored status stays as people set it.
    lapsed:
      member.membership_status === 'Active' && paidUntil !== '' && paidUntil.slice(0, 10) < today,
  };
}
