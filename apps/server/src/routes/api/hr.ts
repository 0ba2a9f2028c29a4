import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { memberDuesSummary, volunteerHoursSummary } from '../../domain/hr-summaries';
import { requirePermission } from './guard';

/** HR totals that are sums over many rows (see domain/hr-summaries.ts). */
export async function hrRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/hr/volunteers/:id/hours-summary', async (request) => {
    requirePermission(request, 'volunteers.read');
    return volunteerHoursSummary(engine, request.params.id, request.info);
  });

  app.get<{ Params: { id: string } }>('/api/hr/members/:id/dues-summary', async (request) => {
    requirePermission(request, 'members.read');
    return memberDuesSummary(engine, request.params.id, request.info);
  });
}
