import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Engine } from '../../core/engine';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { viewRecord } from '../../core/records';
import { can } from '../../core/request-info';
import { loadLetterhead } from '../../domain/letterhead';
import type { PdfPrinter } from '../../domain/pdf-printer';
import {
  employeeSalaryHistory,
  loadPayslipsToPrint,
  payslipsHtml,
  registerCsv,
  salaryRegister,
  type PayrollLanguage,
} from '../../domain/payroll-report';
import { requirePermission } from './guard';

/** An id outside the record id alphabet names nothing (and a NUL would break the query). */
function recordId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw notFound();
  return id;
}

/** The year and month of a query, checked. */
function monthOf(query: { year?: string; month?: string }): { year: number; month: number } {
  const year = Number(query.year);
  const month = Number(query.month);
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    throw badRequest('Give the year (2000 to 2100).');
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw badRequest('Give the month (1 to 12).');
  return { year, month };
}

/** Salary figures need the salary report and the right to read salaries. */
function requireSalaryReport(request: FastifyRequest): void {
  requirePermission(request, 'salary_report.read');
  requirePermission(request, 'employees.read_salary');
}

const langOf = (lang?: string): PayrollLanguage => (lang === 'ar' ? 'ar' : 'en');

/**
 * Payroll reads (domain/payroll-report.ts): the salary register with its CSV, an employee's
 * salary history, and payslip PDFs. Runs, payslips and lines themselves are records.
 */
export async function payrollRoutes(
  app: FastifyInstance,
  { engine, printer }: { engine: Engine; printer: PdfPrinter },
): Promise<void> {
  app.get<{ Querystring: { year?: string; month?: string } }>(
    '/api/payroll/register',
    async (request) => {
      requireSalaryReport(request);
      const { year, month } = monthOf(request.query);
      return salaryRegister(engine.db, year, month);
    },
  );

  app.get<{ Querystring: { year?: string; month?: string } }>(
    '/api/payroll/register.csv',
    async (request, reply) => {
      requireSalaryReport(request);
      const { year, month } = monthOf(request.query);
      const csv = registerCsv(await salaryRegister(engine.db, year, month));
      const name = `salaries-${year}-${String(month).padStart(2, '0')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${csv}`);
    },
  );

  // One employee's payslips across months: their own, or anyone's for who reads salaries and
  // either the employees (their Salary tab), the payroll or the salary report.
  app.get<{ Params: { id: string }; Querystring: { year?: string } }>(
    '/api/payroll/employees/:id/history',
    async (request) => {
      const id = recordId(request.params.id);
      const self =
        request.info.auth?.collection.name === 'employees' &&
        String(request.info.auth.record.id) === id;
      if (!self) {
        requirePermission(request, 'employees.read', 'payroll.read', 'salary_report.read');
        requirePermission(request, 'employees.read_salary');
      }
      const year = request.query.year ? Number(request.query.year) : new Date().getUTCFullYear();
      if (!Number.isInteger(year) || year < 2000 || year > 2100)
        throw badRequest('Give the year (2000 to 2100).');
      return employeeSalaryHistory(engine.db, id, year);
    },
  );

  // A payslip's PDF: the employee's own, or any with payroll.read and employees.read_salary.
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/api/payroll/payslips/:id/payslip.pdf',
    async (request, reply) => {
      const payslips = engine.registry.get('payslips')!;
      // The record's access rules decide: one may not see is a 404.
      const payslip = await viewRecord(engine, payslips, recordId(request.params.id), request.info);
      if (!('net_pay' in payslip))
        throw new ApiError(403, 'You are not allowed to see salary figures.');
      const data = await loadPayslipsToPrint(engine.db, { payslip: payslip.id });
      const pdf = await printer.print(
        payslipsHtml(data, langOf(request.query.lang), await loadLetterhead(engine)),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="payslip-${data[0].year}-${String(data[0].month).padStart(2, '0')}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // Every payslip of a run, a page each.
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/api/payroll/runs/:id/payslips.pdf',
    async (request, reply) => {
      requirePermission(request, 'payroll.read');
      if (!can(request.info, 'employees.read_salary'))
        throw new ApiError(403, 'You are not allowed to see salary figures.');
      const run = await viewRecord(
        engine,
        engine.registry.get('payroll_runs')!,
        recordId(request.params.id),
        request.info,
      );
      const data = await loadPayslipsToPrint(engine.db, { run: run.id });
      const pdf = await printer.print(
        payslipsHtml(data, langOf(request.query.lang), await loadLetterhead(engine)),
      );
      const label = `${String(run.year)}-${String(run.month).padStart(2, '0')}`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="payslips-${label}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
