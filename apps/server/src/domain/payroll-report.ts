import { BASE_CURRENCY, csvText, formatMoney } from '@app/schema';
import type { Queryable } from '../db/database';
import { centsNumber, centsText, toCents } from './finance-ledger';
import { LETTERHEAD_CSS, letterheadHtml, type Letterhead } from './letterhead';

/**
 * What payroll reads back: the salary register of a month (employee x component), one
 * employee's payslips across months with the year's totals, the register as CSV, and payslips
 * as printable HTML (one per employee, or a run's all together) for the PDF printer.
 * Figures are sums of stored payslips and lines; the callers check who may see them.
 */

export type PayrollLanguage = 'en' | 'ar';

type Component = { key: string; kind: 'allowance' | 'deduction' | 'advance'; title: string };

export type RegisterRow = {
  payslip: string;
  employee: string;
  name: string;
  basic_salary: number;
  components: Record<string, number>;
  total_allowances: number;
  total_deductions: number;
  total_advances: number;
  net_pay: number;
};

export type SalaryRegister = {
  year: number;
  month: number;
  /** The month's run (the latest that is not reversed), or null when there is none. */
  run: { id: string; status: string; vault: string; pay_date: string } | null;
  components: Component[];
  rows: RegisterRow[];
  totals: Omit<RegisterRow, 'payslip' | 'employee' | 'name'>;
};

const KIND_ORDER = { allowance: 0, deduction: 1, advance: 2 } as const;

/** Advance lines are one column (each names its advance's purpose); options are one column each. */
const componentOf = (kind: Component['kind'], title: string): Component =>
  kind === 'advance'
    ? { key: 'advance', kind, title: 'Advances' }
    : { key: `${kind}:${title}`, kind, title };

const emptyTotals = () => ({
  basic_salary: 0,
  components: {} as Record<string, number>,
  total_allowances: 0,
  total_deductions: 0,
  total_advances: 0,
  net_pay: 0,
});

/** The salary register of a month: one row per payslip, one column per component. */
export async function salaryRegister(
  db: Queryable,
  year: number,
  month: number,
): Promise<SalaryRegister> {
  const { rows: runs } = await db.query<SalaryRegister['run'] & object>(
    `SELECT "id", "status", "vault", "pay_date" FROM "payroll_runs"
      WHERE "year" = $1 AND "month" = $2 AND "status" <> 'reversed' ORDER BY "_rowid" DESC LIMIT 1`,
    [year, month],
  );
  const run = runs[0] ?? null;
  const register: SalaryRegister = {
    year,
    month,
    run,
    components: [],
    rows: [],
    totals: emptyTotals(),
  };
  if (!run) return register;
  const { rows: slips } = await db.query<Record<string, string>>(
    `SELECT p."id", p."employee", e."name", p."basic_salary"::text AS basic_salary,
            p."total_allowances"::text AS total_allowances, p."total_deductions"::text AS total_deductions,
            p."total_advances"::text AS total_advances, p."net_pay"::text AS net_pay
       FROM "payslips" p JOIN "employees" e ON e."id" = p."employee"
      WHERE p."run" = $1 ORDER BY lower(e."name"), p."id"`,
    [run.id],
  );
  const { rows: lines } = await db.query<{
    payslip: string;
    kind: Component['kind'];
    title: string;
    amount: string;
  }>(
    `SELECT l."payslip", l."kind", l."title", sum(l."amount")::text AS amount
       FROM "payslip_lines" l JOIN "payslips" p ON p."id" = l."payslip"
      WHERE p."run" = $1 GROUP BY l."payslip", l."kind", l."title"`,
    [run.id],
  );
  const components = new Map<string, Component>();
  const cents = new Map<string, Map<string, number>>();
  for (const line of lines) {
    const c = componentOf(line.kind, line.title);
    components.set(c.key, c);
    const of = cents.get(line.payslip) ?? new Map<string, number>();
    of.set(c.key, (of.get(c.key) ?? 0) + toCents(line.amount));
    cents.set(line.payslip, of);
  }
  register.components = [...components.values()].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.title.localeCompare(b.title),
  );
  const totalCents = new Map<string, number>();
  const sums = { basic: 0, allowances: 0, deductions: 0, advances: 0, net: 0 };
  for (const s of slips) {
    const of = cents.get(s.id) ?? new Map<string, number>();
    const components: Record<string, number> = {};
    for (const [key, value] of of) {
      components[key] = centsNumber(value);
      totalCents.set(key, (totalCents.get(key) ?? 0) + value);
    }
    sums.basic += toCents(s.basic_salary);
    sums.allowances += toCents(s.total_allowances);
    sums.deductions += toCents(s.total_deductions);
    sums.advances += toCents(s.total_advances);
    sums.net += toCents(s.net_pay);
    register.rows.push({
      payslip: s.id,
      employee: s.employee,
      name: s.name,
      basic_salary: centsNumber(toCents(s.basic_salary)),
      components,
      total_allowances: centsNumber(toCents(s.total_allowances)),
      total_deductions: centsNumber(toCents(s.total_deductions)),
      total_advances: centsNumber(toCents(s.total_advances)),
      net_pay: centsNumber(toCents(s.net_pay)),
    });
  }
  register.totals = {
    basic_salary: centsNumber(sums.basic),
    components: Object.fromEntries([...totalCents].map(([k, v]) => [k, centsNumber(v)])),
    total_allowances: centsNumber(sums.allowances),
    total_deductions: centsNumber(sums.deductions),
    total_advances: centsNumber(sums.advances),
    net_pay: centsNumber(sums.net),
  };
  return register;
}

export type HistoryRow = {
  payslip: string;
  run: string;
  status: string;
  year: number;
  month: number;
  basic_salary: number;
  total_allowances: number;
  total_deductions: number;
  total_advances: number;
  net_pay: number;
};

/**
 * One employee's payslips, newest month first (reversed runs left out), and the totals of the
 * paid ones in `year` (year to date).
 */
export async function employeeSalaryHistory(
  db: Queryable,
  employee: string,
  year: number,
): Promise<{
  items: HistoryRow[];
  yearToDate: Omit<HistoryRow, 'payslip' | 'run' | 'status' | 'month'>;
}> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT p."id" AS payslip, r."id" AS run, r."status", r."year"::int::text AS year,
            r."month"::int::text AS month, p."basic_salary"::text AS basic_salary,
            p."total_allowances"::text AS total_allowances, p."total_deductions"::text AS total_deductions,
            p."total_advances"::text AS total_advances, p."net_pay"::text AS net_pay
       FROM "payslips" p JOIN "payroll_runs" r ON r."id" = p."run"
      WHERE p."employee" = $1 AND r."status" <> 'reversed'
      ORDER BY r."year" DESC, r."month" DESC`,
    [employee],
  );
  const money = [
    'basic_salary',
    'total_allowances',
    'total_deductions',
    'total_advances',
    'net_pay',
  ] as const;
  const ytd = Object.fromEntries(money.map((m) => [m, 0])) as Record<
    (typeof money)[number],
    number
  >;
  const items = rows.map((r) => {
    if (r.status === 'paid' && Number(r.year) === year)
      for (const m of money) ytd[m] += toCents(r[m]);
    return {
      payslip: r.payslip,
      run: r.run,
      status: r.status,
      year: Number(r.year),
      month: Number(r.month),
      ...(Object.fromEntries(money.map((m) => [m, centsNumber(toCents(r[m]))])) as Record<
        (typeof money)[number],
        number
      >),
    };
  });
  return {
    items,
    yearToDate: {
      year,
      ...(Object.fromEntries(money.map((m) => [m, centsNumber(ytd[m])])) as Record<
        (typeof money)[number],
        number
      >),
    },
  };
}

/** The register as CSV: employee, basic salary, each component, the totals; a totals row last. */
export function registerCsv(register: SalaryRegister): string {
  const header = [
    'Employee',
    'Basic salary',
    ...register.components.map((c) => `${c.kind === 'advance' ? 'Advances' : c.title} (${c.kind})`),
    'Allowances',
    'Deductions',
    'Advances',
    'Net pay',
  ];
  const line = (name: string, r: SalaryRegister['totals']) => [
    name,
    centsText(toCents(r.basic_salary)),
    ...register.components.map((c) => centsText(toCents(r.components[c.key] ?? 0))),
    centsText(toCents(r.total_allowances)),
    centsText(toCents(r.total_deductions)),
    centsText(toCents(r.total_advances)),
    centsText(toCents(r.net_pay)),
  ];
  return csvText([
    header,
    ...register.rows.map((r) => line(r.name, r)),
    line('Total', register.totals),
  ]);
}

const LABELS = {
  en: {
    payslip: 'Payslip',
    month: 'Month',
    employee: 'Employee',
    position: 'Position',
    status: 'Status',
    basic: 'Basic salary',
    allowances: 'Allowances',
    deductions: 'Deductions',
    advances: 'Advance instalments',
    net: 'Net pay',
    none: 'None',
    statuses: { draft: 'Draft', approved: 'Approved', paid: 'Paid', reversed: 'Reversed' },
  },
  ar: {
    payslip: 'قسيمة الراتب',
    month: 'الشهر',
    employee: 'الموظف',
    position: 'المنصب',
    status: 'الحالة',
    basic: 'الراتب الأساسي',
    allowances: 'البدلات',
    deductions: 'الاستقطاعات',
    advances: 'أقساط السلف',
    net: 'صافي الراتب',
    none: 'لا يوجد',
    statuses: { draft: 'مسودة', approved: 'معتمد', paid: 'مدفوع', reversed: 'ملغى' },
  },
} as const;

type PrintLine = { kind: string; title: string; amount: string };
type PrintPayslip = {
  id: string;
  name: string;
  year: number;
  month: number;
  status: string;
  basic_salary: string;
  total_allowances: string;
  total_deductions: string;
  total_advances: string;
  net_pay: string;
  lines: PrintLine[];
};

/** The payslips to print: one (`payslip`) or every payslip of `run`, with their lines. */
export async function loadPayslipsToPrint(
  db: Queryable,
  filter: { payslip: string } | { run: string },
): Promise<PrintPayslip[]> {
  const byRun = 'run' in filter;
  const { rows } = await db.query<Omit<PrintPayslip, 'lines'>>(
    `SELECT p."id", e."name", r."year"::int AS year, r."month"::int AS month, r."status",
            p."basic_salary"::text AS basic_salary, p."total_allowances"::text AS total_allowances,
            p."total_deductions"::text AS total_deductions, p."total_advances"::text AS total_advances,
            p."net_pay"::text AS net_pay
       FROM "payslips" p JOIN "employees" e ON e."id" = p."employee"
       JOIN "payroll_runs" r ON r."id" = p."run"
      WHERE ${byRun ? 'p."run"' : 'p."id"'} = $1 ORDER BY lower(e."name"), p."id"`,
    [byRun ? filter.run : filter.payslip],
  );
  const { rows: lines } = await db.query<PrintLine & { payslip: string }>(
    `SELECT l."payslip", l."kind", l."title", l."amount"::text AS amount
       FROM "payslip_lines" l JOIN "payslips" p ON p."id" = l."payslip"
      WHERE ${byRun ? 'p."run"' : 'p."id"'} = $1 ORDER BY l."kind", l."_rowid"`,
    [byRun ? filter.run : filter.payslip],
  );
  const of = new Map<string, PrintLine[]>();
  for (const l of lines) of.set(l.payslip, [...(of.get(l.payslip) ?? []), l]);
  return rows.map((r) => ({ ...r, lines: of.get(r.id) ?? [] }));
}

function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Payslips as one HTML document, a page each, right to left in Arabic. */
export function payslipsHtml(
  payslips: PrintPayslip[],
  lang: PayrollLanguage,
  head: Letterhead = { name: '', address: '', logo: null },
): string {
  const L = LABELS[lang];
  // The screens' formatter: `2,400.00 USD`, kept left to right in Arabic.
  const money = (v: string) => `<bdi dir="ltr">${escapeHtml(formatMoney(v, BASE_CURRENCY))}</bdi>`;
  const group = (p: PrintPayslip, kind: string, title: string, total: string) => {
    const of = p.lines.filter((l) => l.kind === kind);
    return `<h3>${title}</h3>
      <table><tbody>
        ${of.length ? of.map((l) => `<tr><td>${escapeHtml(l.title)}</td><td class="n">${money(l.amount)}</td></tr>`).join('') : `<tr><td class="none" colspan="2">${L.none}</td></tr>`}
        <tr class="total"><td>${title}</td><td class="n">${money(total)}</td></tr>
      </tbody></table>`;
  };
  const page = (p: PrintPayslip) => `
    <article>
      ${letterheadHtml(head)}
      <h1>${L.payslip}</h1>
      <table class="head"><tbody>
        <tr><th>${L.employee}</th><td><bdi>${escapeHtml(p.name)}</bdi></td></tr>
        <tr><th>${L.month}</th><td><bdi>${p.year}-${String(p.month).padStart(2, '0')}</bdi></td></tr>
        <tr><th>${L.status}</th><td>${L.statuses[p.status as keyof typeof L.statuses] ?? escapeHtml(p.status)}</td></tr>
        <tr><th>${L.basic}</th><td class="n">${money(p.basic_salary)}</td></tr>
      </tbody></table>
      ${group(p, 'allowance', L.allowances, p.total_allowances)}
      ${group(p, 'deduction', L.deductions, p.total_deductions)}
      ${group(p, 'advance', L.advances, p.total_advances)}
      <p class="net">${L.net}: ${money(p.net_pay)}</p>
    </article>`;
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${L.payslip}</title>
<style>
  @page { size: A4; margin: 16mm 14mm; }
  body { font-family: 'DejaVu Sans', 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: 11pt; color: #111; }
  article { break-after: page; } article:last-child { break-after: auto; }
  h1 { font-size: 18pt; margin: 0 0 8pt; } h3 { font-size: 12pt; margin: 12pt 0 4pt; }
  table { width: 100%; border-collapse: collapse; } td, th { padding: 3pt 4pt; border-bottom: 1px solid #ddd; text-align: start; }
  th { width: 35%; } .n { text-align: end; } .none { color: #666; }
  .total td { font-weight: bold; border-top: 1px solid #999; }
  .net { font-size: 14pt; font-weight: bold; margin-top: 14pt; }
  td, th { unicode-bidi: plaintext; }
  ${LETTERHEAD_CSS}
</style></head>
<body>${payslips.map(page).join('')}</body></html>`;
}
