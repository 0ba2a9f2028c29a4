import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { notFound } from '../../core/errors';
import {
  projectFinanceOverview,
  projectFinanceReport,
  reportCsv,
} from '../../domain/project-finance-summaries';
import { requirePermission } from './guard';

const recordId = (id: string) => {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw notFound();
  return id;
};

/** A project's finance overview and its financial report (JSON or CSV). */
export async function projectFinanceRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/projects/:id/finance/overview', async (request) => {
    requirePermission(request, 'project_finance.read');
    return projectFinanceOverview(engine.db, recordId(request.params.id));
  });

  app.get<{ Params: { id: string }; Querystring: { from?: string; to?: string; format?: string } }>(
    '/api/projects/:id/finance/report',
    async (request, reply) => {
      requirePermission(request, 'project_finance.read');
      const { from, to, format } = request.query;
      const report = await projectFinanceReport(engine.db, recordId(request.params.id), {
        from,
        to,
      });
      if (format !== 'csv') return report;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="financial-report-${(from || 'start').replace(/[^0-9-]/g, '')}-${(to || 'today').replace(/[^0-9-]/g, '')}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );
}
