import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import {
  loadProjectReport,
  pdfAvailable,
  type PdfPrinter,
  reportHtml,
  type ReportLanguage,
} from '../../domain/projects-report';
import { loadLetterhead } from '../../domain/letterhead';
import { requirePermission } from './guard';

/** The project report, as data for its screen and as a PDF rendered by the server (domain/projects-report.ts). */
export async function projectRoutes(
  app: FastifyInstance,
  { engine, chromiumPath, printer }: { engine: Engine; chromiumPath: string; printer: PdfPrinter },
): Promise<void> {
  // Lets the report page say beforehand that "Download PDF" cannot work on this server.
  app.get('/api/projects/report-pdf', async (request) => {
    requirePermission(request, 'projects.read');
    return { available: pdfAvailable(chromiumPath) };
  });

  // What the report shows, for the report screen: the PDF below prints the same.
  app.get<{ Params: { id: string } }>('/api/projects/:id/report', async (request) => {
    requirePermission(request, 'projects.read');
    return loadProjectReport(engine, request.params.id, request.info);
  });

  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/api/projects/:id/report.pdf',
    async (request, reply) => {
      requirePermission(request, 'projects.read');
      const lang: ReportLanguage = request.query.lang === 'ar' ? 'ar' : 'en';
      const data = await loadProjectReport(engine, request.params.id, request.info);
      const pdf = await printer.print(reportHtml(data, lang, await loadLetterhead(engine)));
      const name = String(data.project.code || 'project').replace(/[^A-Za-z0-9-]/g, '');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}-report.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
