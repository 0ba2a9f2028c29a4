import {
  ACTIVITY_REPORT_SECTIONS,
  documentT,
  formatMoney,
  PROJECT_REPORT_SECTIONS,
  PROJECT_REPORT_TEXTS,
  reportDays,
  type ProjectReportData,
} from '@app/schema';
import type { Engine } from '../core/engine';
import { ApiError } from '../core/errors';
import { viewRecord, listRecords } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import { can } from '../core/request-info';
import { sanitizeRichText } from '../tools/html/sanitize';
import { LETTERHEAD_CSS, letterheadHtml, type Letterhead } from './letterhead';
import { projectFinanceOverview } from './project-finance-summaries';

export type ReportLanguage = 'en' | 'ar';

type Row = Record<string, unknown>;

function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** mm/dd/yyyy, the one date format the web app shows in both languages. */
function day(value: unknown, none: string): string {
  const text = String(value ?? '');
  if (!text) return none;
  const [y, m, d] = text.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const safeId = (id: unknown) => String(id).replace(/[^a-zA-Z0-9]/g, '');

/** Every row of a list the account may read (the engine's access rules apply). */
async function readAll(
  engine: Engine,
  collection: string,
  query: { filter: string; sort: string; expand?: string },
  request: RequestInfo,
): Promise<Row[]> {
  const list = await listRecords(
    engine,
    engine.registry.get(collection)!,
    { page: '1', perPage: '1000', skipTotal: 'true', ...query },
    request,
  );
  return list.items as Row[];
}

const nameOf = (row: Row, relation: string) => {
  const expanded = (row.expand as Record<string, Row | undefined> | undefined)?.[relation];
  return expanded ? str(expanded.name) : '';
};

/**
 * The project with its activities, staff, timeline and finance summary, as the account may see
 * them (the record engine's access rules apply: a project it may not view is a 404; each other
 * part is null without the permission that reads it). The screen and the PDF both show this.
 */
export async function loadProjectReport(
  engine: Engine,
  id: string,
  request: RequestInfo,
): Promise<ProjectReportData> {
  const projects = engine.registry.get('projects')!;
  const p = (await viewRecord(engine, projects, id, request)) as Row;
  const of = `project = '${safeId(p.id)}'`;
  const project = {
    id: str(p.id),
    code: str(p.code),
    title: str(p.title),
    place: str(p.place),
    starting_date: str(p.starting_date),
    end_date: str(p.end_date),
    ...Object.fromEntries(PROJECT_REPORT_SECTIONS.map((s) => [s, str(p[s])])),
  };
  const activities = can(request, 'activities.read')
    ? (
        await readAll(
          engine,
          'projects_activities',
          { filter: of, sort: 'starting_date,created' },
          request,
        )
      ).map((a) => ({
        id: str(a.id),
        title: str(a.title),
        place: str(a.place),
        starting_date: str(a.starting_date),
        end_date: str(a.end_date),
        audience_count: Number(a.audience_count ?? 0),
        ...Object.fromEntries(ACTIVITY_REPORT_SECTIONS.map((s) => [s, str(a[s])])),
      }))
    : null;
  const staff = can(request, 'project_staff.read')
    ? (
        await readAll(
          engine,
          'projects_staff',
          { filter: of, sort: 'created', expand: 'employee,member' },
          request,
        )
      ).map((s) => ({
        name: nameOf(s, 'employee') || nameOf(s, 'member'),
        type: str(s.type),
        position: str(s.position),
        description: str(s.description),
      }))
    : null;
  const timeline = can(request, 'project_timeline.read')
    ? (
        await readAll(
          engine,
          'projects_timelines',
          { filter: of, sort: 'created', expand: 'creator' },
          request,
        )
      ).map((t) => ({
        created: str(t.created),
        author: nameOf(t, 'creator'),
        title: str(t.title),
        post: str(t.post),
        reply: Boolean(t.reply_to),
      }))
    : null;
  let finance: ProjectReportData['finance'] = null;
  if (can(request, 'project_finance.read')) {
    // A project without a vault has no finance to sum up.
    finance = await projectFinanceOverview(engine.db, project.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
  }
  return { project, activities, staff, timeline, finance };
}

/**
 * The report as one HTML page, right to left in Arabic, with the web screen's words and
 * sections (packages/schema documents/project-report.ts). The editor fields are the users' own
 * HTML, cleaned by the API's sanitiser; the PDF printer also runs it with JavaScript off and
 * the browser cut off from the network (pdf-printer.ts).
 */
export function reportHtml(
  { project, activities, staff, timeline, finance }: ProjectReportData,
  lang: ReportLanguage,
  head: Letterhead = { name: '', address: '', logo: null },
  today = new Date(),
): string {
  const t = documentT(PROJECT_REPORT_TEXTS[lang], lang);
  const none = t('none');
  const n = reportDays(project.starting_date, project.end_date);
  const field = (label: string, value: string) =>
    `<div class="field"><span class="label">${escapeHtml(label)}:</span> <bdi>${escapeHtml(value)}</bdi></div>`;
  // The editor fields are cleaned as the API cleans rich text: only its formatting tags and
  // links are printed, never a style, a refresh or anything that loads an address.
  const rich = (html: unknown) =>
    `<div class="rich">${sanitizeRichText(String(html ?? '')) || `<p class="none">${escapeHtml(none)}</p>`}</div>`;
  const section = (label: string, html: unknown, level = 3) =>
    `<section><h${level}>${escapeHtml(label)}</h${level}>${rich(html)}</section>`;
  const money = (v: number) =>
    `<bdi dir="ltr">${escapeHtml(formatMoney(v, finance?.vault.currency || undefined))}</bdi>`;
  const activity = (a: NonNullable<ProjectReportData['activities']>[number], i: number) => `
    <article class="activity">
      <h3>${i + 1}. ${escapeHtml(a.title)}</h3>
      ${field(t('place'), a.place || none)}
      ${field(t('startsAt'), day(a.starting_date, none))}
      ${field(t('endsAt'), day(a.end_date, none))}
      ${field(t('participants'), String(a.audience_count ?? 0))}
      ${ACTIVITY_REPORT_SECTIONS.map((s) => section(t(`activitySections.${s}`), a[s], 4)).join('')}
    </article>`;
  const staffPart = staff
    ? `<h2>${escapeHtml(t('staff.title'))}</h2>
  <p>${escapeHtml(t('staff.count', { count: staff.length }))}</p>
  ${
    staff.length
      ? `<table><thead><tr><th>${escapeHtml(t('staff.name'))}</th><th>${escapeHtml(t('staff.type'))}</th><th>${escapeHtml(t('staff.position'))}</th><th>${escapeHtml(t('staff.description'))}</th></tr></thead><tbody>${staff
          .map(
            (s) =>
              `<tr><td><bdi>${escapeHtml(s.name || none)}</bdi></td><td>${escapeHtml(t(`staff.types.${s.type}`))}</td><td><bdi>${escapeHtml(s.position)}</bdi></td><td class="text">${escapeHtml(s.description || none)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : ''
  }`
    : '';
  const timelinePart = timeline
    ? `<h2>${escapeHtml(t('timeline.title'))}</h2>
  <p>${escapeHtml(t('timeline.count', { count: timeline.length }))}</p>
  ${timeline
    .map(
      (post) => `<article class="post${post.reply ? ' reply' : ''}">
      <div class="muted">${post.reply ? `${escapeHtml(t('timeline.reply'))} · ` : ''}<bdi>${escapeHtml(t('timeline.by', { date: day(post.created, none), author: post.author || none }))}</bdi></div>
      ${post.title ? `<h4><bdi>${escapeHtml(post.title)}</bdi></h4>` : ''}
      ${rich(post.post)}
    </article>`,
    )
    .join('')}`
    : '';
  const financePart = finance
    ? `<h2>${escapeHtml(t('finance.title'))}</h2>
  ${field(t('finance.vault'), finance.vault.title)}
  <table class="figures"><tbody>
    ${(
      [
        ['finance.budget', finance.budget.total],
        ['finance.budgetUsed', finance.budget.used],
        ['finance.budgetHeld', finance.budget.held],
        ['finance.budgetRemaining', finance.budget.remaining],
        ['finance.donations', finance.donations],
        ['finance.fees', finance.fees],
        ['finance.used', finance.used],
        ['finance.onHold', finance.on_hold],
        ['finance.remaining', finance.remaining],
        ['finance.free', finance.free],
      ] as const
    )
      .map(
        ([key, value]) =>
          `<tr><th>${escapeHtml(t(key))}</th><td class="n">${money(value)}</td></tr>`,
      )
      .join('')}
    <tr><th>${escapeHtml(t('finance.requests', { count: finance.requests.count }))}</th><td class="n">${money(finance.requests.total)}</td></tr>
    <tr><th>${escapeHtml(t('finance.purchases', { count: finance.purchases.count }))}</th><td class="n">${money(finance.purchases.total)}</td></tr>
  </tbody></table>`
    : '';
  const activitiesPart = activities
    ? `<h2>${escapeHtml(t('activities'))}</h2>
  <p>${escapeHtml(t('count', { count: activities.length }))}</p>
  <ol>${activities.map((a) => `<li>${escapeHtml(a.title)}</li>`).join('')}</ol>
  ${activities.map(activity).join('')}`
    : '';
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escapeHtml(project.title)}</title>
<style>
  @page { size: A4; margin: 16mm 14mm; }
  body { font-family: 'DejaVu Sans', 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: 11pt; color: #111; line-height: 1.5; }
  h1 { font-size: 18pt; margin: 0 0 4pt; } h2 { font-size: 14pt; border-bottom: 1px solid #999; padding-bottom: 2pt; margin-top: 16pt; }
  h3 { font-size: 12pt; margin: 10pt 0 2pt; } h4 { font-size: 11pt; margin: 6pt 0 2pt; }
  h2, h3, h4 { break-after: avoid; } .label { font-weight: bold; } .muted { color: #555; }
  .none { color: #777; } .activity { break-inside: avoid-page; border-top: 1px solid #ddd; margin-top: 8pt; }
  .post { border-top: 1px solid #eee; padding-top: 4pt; margin-top: 6pt; break-inside: avoid; } .post.reply { margin-inline-start: 16pt; }
  table { width: 100%; border-collapse: collapse; margin-top: 4pt; } th, td { border-bottom: 1px solid #ddd; padding: 3pt 4pt; text-align: start; vertical-align: top; }
  .figures th { font-weight: normal; width: 60%; } .n { text-align: end; white-space: nowrap; }
  ol { padding-inline-start: 18pt; }
  /* Each paragraph takes the direction of its own text (English notes in an Arabic report). */
  .rich, .rich p, .rich li, li, .text { unicode-bidi: plaintext; }
  ${LETTERHEAD_CSS}
</style></head>
<body>
  ${letterheadHtml(head)}
  <h1>${escapeHtml(t('heading'))}</h1>
  <div class="muted">${escapeHtml(t('date', { date: day(today.toISOString(), none) }))}</div>
  <h2>${escapeHtml(project.title)}</h2>
  ${field(t('projectTitle'), project.title)}
  ${field(t('place'), project.place || none)}
  ${field(t('startsAt'), day(project.starting_date, none))}
  ${field(t('endsAt'), day(project.end_date, none))}
  ${field(t('duration'), n === null ? none : t('days', { count: n }))}
  ${PROJECT_REPORT_SECTIONS.map((s) => section(t(`sections.${s}`), project[s])).join('')}
  ${staffPart}
  ${timelinePart}
  ${financePart}
  ${activitiesPart}
</body></html>`;
}

// The printer moved to pdf-printer.ts (payslips print with it too); still importable from here.
export { pdfAvailable, PdfPrinter } from './pdf-printer';
