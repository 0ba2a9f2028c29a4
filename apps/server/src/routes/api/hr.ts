import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@app/schema';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import { loadAccessibleRow } from '../../core/records';
import { formatDate } from '../../core/values';

function requirePermission(request: FastifyRequest, permission: Permission): void {
  const auth = request.info.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (!auth.permissions.has(permission))
    throw new ApiError(403, 'You are not allowed to perform this request.');
}

/** Totals that are sums over many rows, computed in SQL so they stay right at any size. */
export async function hrRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/hr/volunteers/:id/hours-summary', async (request) => {
    requirePermission(request, 'volunteers.read');
    await loadAccessibleRow(
      engine,
      engine.registry.get('volunteers')!,
      request.params.id,
      'view',
      request.info,
    );
    const yearStart = formatDate(new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1)));
    const { rows } = await engine.db.query<{
      total: string | null;
      entries: string;
      this_year: string | null;
    }>(
      `SELECT COALESCE(sum("hours"), 0)::text AS total, count(*)::text AS entries,
              COALESCE(sum("hours") FILTER (WHERE "date" >= $2), 0)::text AS this_year
         FROM "volunteer_hours" WHERE "volunteer" = $1`,
      [request.params.id, yearStart],
    );
    const { rows: byProject } = await engine.db.query<{
      project: string;
      title: string | null;
      hours: string;
    }>(
      `SELECT h."project", p."title", sum(h."hours")::text AS hours
         FROM "volunteer_hours" h LEFT JOIN "projects" p ON p."id" = h."project"
        WHERE h."volunteer" = $1 GROUP BY h."project", p."title" ORDER BY sum(h."hours") DESC`,
      [request.params.id],
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
  });

  app.get<{ Params: { id: string } }>('/api/hr/members/:id/dues-summary', async (request) => {
    requirePermission(request, 'members.read');
    const member = await loadAccessibleRow(
      engine,
      engine.registry.get('members')!,
      request.params.id,
      'view',
      request.info,
    );
    const { rows } = await engine.db.query<{
      total: string;
      payments: string;
      last_paid_on: string | null;
    }>(
      `SELECT COALESCE(sum("amount"), 0)::text AS total, count(*)::text AS payments, max("paid_on") AS last_paid_on
         FROM "member_dues" WHERE "member" = $1`,
      [request.params.id],
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
  });
}
