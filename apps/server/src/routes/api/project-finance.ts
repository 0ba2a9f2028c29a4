import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { notFound } from '../../core/errors';
import {
  projectFinanceOverview,
  projectFinanceReport,
  reportCsv,
} from '../../domain/project-finance-summaries';
import { loadLetterhead } from '../../domain/letterhead';
import type { PdfPrinter } from '../../domain/pdf-printer';
import { financeReportHtml, projectTitle } from '../../domain/project-finance-report';
import { requirePermission } from './guard';

const recordId = (id: string) => {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw notFound();
  return id;
};

/** The period in a file name: its dates (digits and dashes only), or where it is open. */
function rangeName(from?: string, to?: string): string {
  const safe = (d?: string) => (d ?? '').replace(/[^0-9-]/g, '');
  return `${safe(from) || 'start'}-${safe(to) || 'today'}`;
}

/** A project's finance overview and its financial report (JSON or CSV). */
export async function projectFinanceRoutes(
  app: FastifyInstance,
  { engine, printer }: { engine: Engine; printer: PdfPrinter },
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
          `attachment; filename="financial-report-${rangeName(from, to)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { from?: string; to?: string; lang?: string } }>(
    '/api/projects/:id/finance/report.pdf',
    async (request, reply) => {
      requirePermission(request, 'project_finance.read');
      const id = recordId(request.params.id);
      const { from, to } = request.query;
      const lang = request.query.lang === 'ar' ? 'ar' : 'en';
      const title = await projectTitle(engine.db, id);
      const report = await projectFinanceReport(engine.db, id, { from, to });
      const pdf = await printer.print(
        financeReportHtml(report, title, lang, await loadLetterhead(engine)),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="financial-report-${rangeName(from, to)}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
