import { formatMoney, type Statement } from '@app/schema';
import type { Queryable } from '../db/database';
import { notFound } from '../core/errors';
import { LETTERHEAD_CSS, letterheadHtml, type Letterhead } from './letterhead';
import type { ReportLanguage } from './projects-report';

/** The financial report's labels in both languages (the web page shows the same ones). */
const LABELS = {
  en: {
    heading: 'Project Financial Report',
    project: 'Project',
    vault: 'Vault',
    period: 'Period',
    generated: 'Made on',
    start: 'the start',
    today: 'today',
    opening: 'Opening balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closing: 'Closing balance',
    date: 'Date',
    kind: 'Entry',
    statement: 'Statement',
    amount: 'Amount',
    balance: 'Balance',
    empty: 'No entries in this period.',
    truncated: (shown: number, total: number) =>
      `The first ${shown} of ${total} entries are listed; narrow the period for the rest.`,
    kinds: {
      donation: 'Donation',
      donation_fee: 'Transaction fees',
      transfer: 'Transfer',
      cash_adjustment: 'Cash count adjustment',
      expense: 'Expense',
      expense_reversal: 'Expense reversal',
      advance: 'Advance',
      advance_repayment: 'Advance repayment',
      correction: 'Correction',
      salary: 'Salaries',
      salary_reversal: 'Salaries reversed',
    } as Record<string, string>,
  },
  ar: {
    heading: 'التقرير المالي للمشروع',
    project: 'المشروع',
    vault: 'الخزنة',
    period: 'الفترة',
    generated: 'تاريخ الإعداد',
    start: 'البداية',
    today: 'اليوم',
    opening: 'الرصيد الافتتاحي',
    moneyIn: 'الوارد',
    moneyOut: 'الصادر',
    closing: 'الرصيد الختامي',
    date: 'التاريخ',
    kind: 'القيد',
    statement: 'البيان',
    amount: 'المبلغ',
    balance: 'الرصيد',
    empty: 'لا توجد قيود في هذه الفترة.',
    truncated: (shown: number, total: number) =>
      `تُعرض أول ${shown} من ${total} قيدًا؛ ضيّق الفترة لرؤية الباقي.`,
    kinds: {
      donation: 'تبرع',
      donation_fee: 'رسوم تحويل',
      transfer: 'تحويل',
      cash_adjustment: 'تسوية جرد',
      expense: 'مصروف',
      expense_reversal: 'عكس مصروف',
      advance: 'سلفة',
      advance_repayment: 'سداد سلفة',
      correction: 'تصحيح',
      salary: 'رواتب',
      salary_reversal: 'عكس رواتب',
    } as Record<string, string>,
  },
} as const;

function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** mm/dd/yyyy, as the web app shows dates in both languages. */
function day(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** An amount as the screens show it (`1,234.50 USD`), kept left-to-right. */
function money(value: number, currency: string): string {
  return `<bdi dir="ltr">${escapeHtml(formatMoney(value, currency))}</bdi>`;
}

/** Money in and out of the period, summed in cents. */
export function periodTotals(report: Statement): { moneyIn: number; moneyOut: number } {
  let inCents = 0;
  let outCents = 0;
  for (const item of report.items) {
    const cents = Math.round(item.amount * 100);
    if (cents >= 0) inCents += cents;
    else outCents -= cents;
  }
  return { moneyIn: inCents / 100, moneyOut: outCents / 100 };
}

/** The project's title, for the report's heading; a project that does not exist is a 404. */
export async function projectTitle(db: Queryable, project: string): Promise<string> {
  const { rows } = await db.query<{ title: string }>(
    `SELECT "title" FROM "projects" WHERE "id" = $1`,
    [project],
  );
  if (!rows[0]) throw notFound();
  return rows[0].title;
}

/** The financial report as printable HTML (A4), for the PDF. */
export function financeReportHtml(
  report: Statement,
  title: string,
  lang: ReportLanguage,
  head: Letterhead = { name: '', address: '', logo: null },
  today = new Date(),
): string {
  const L = LABELS[lang];
  const currency = report.vault.currency || 'USD';
  const { moneyIn, moneyOut } = periodTotals(report);
  const period = `${report.from ? day(report.from) : L.start} – ${report.to ? day(report.to) : L.today}`;
  const rows = report.items
    .map(
      (i) => `<tr>
        <td>${day(i.date)}</td>
        <td>${escapeHtml(L.kinds[i.kind] ?? i.kind)}</td>
        <td class="text">${escapeHtml(i.statement)}</td>
        <td class="num">${money(i.amount, currency)}</td>
        <td class="num">${money(i.running_balance, currency)}</td>
      </tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
  @page { size: A4; margin: 16mm 14mm; }
  body { font-family: 'DejaVu Sans', 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: 10pt; color: #111; line-height: 1.45; }
  h1 { font-size: 17pt; margin: 0 0 6pt; } .muted { color: #555; }
  .facts div { margin: 1pt 0; } .label { font-weight: bold; }
  .totals { display: flex; gap: 8pt; margin: 12pt 0; }
  .totals div { flex: 1; border: 1px solid #bbb; border-radius: 4pt; padding: 6pt; }
  .totals strong { display: block; font-size: 12pt; }
  table { width: 100%; border-collapse: collapse; margin-top: 6pt; }
  th, td { border-bottom: 1px solid #ddd; padding: 4pt; text-align: start; vertical-align: top; }
  th { background: #f1f1f4; } tr { break-inside: avoid; }
  .num { text-align: end; white-space: nowrap; } .text { unicode-bidi: plaintext; }
  ${LETTERHEAD_CSS}
</style></head>
<body>
  ${letterheadHtml(head)}
  <h1>${L.heading}</h1>
  <div class="facts">
    <div><span class="label">${L.project}:</span> <bdi>${escapeHtml(title)}</bdi></div>
    <div><span class="label">${L.vault}:</span> <bdi>${escapeHtml(report.vault.title)}</bdi></div>
    <div><span class="label">${L.period}:</span> <bdi dir="ltr">${period}</bdi></div>
    <div class="muted">${L.generated}: ${day(today.toISOString())}</div>
  </div>
  <div class="totals">
    <div>${L.opening}<strong>${money(report.opening_balance, currency)}</strong></div>
    <div>${L.moneyIn}<strong>${money(moneyIn, currency)}</strong></div>
    <div>${L.moneyOut}<strong>${money(moneyOut, currency)}</strong></div>
    <div>${L.closing}<strong>${money(report.closing_balance, currency)}</strong></div>
  </div>
  ${report.totalItems > report.items.length ? `<p class="muted">${L.truncated(report.items.length, report.totalItems)}</p>` : ''}
  ${
    report.items.length === 0
      ? `<p>${L.empty}</p>`
      : `<table><thead><tr><th>${L.date}</th><th>${L.kind}</th><th>${L.statement}</th><th class="num">${L.amount}</th><th class="num">${L.balance}</th></tr></thead><tbody>${rows}</tbody></table>`
  }
</body></html>`;
}
