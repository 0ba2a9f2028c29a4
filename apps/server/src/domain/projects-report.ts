import type { Engine } from '../core/engine';
import { viewRecord, listRecords } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import { can } from '../core/request-info';
import { sanitizeRichText } from '../tools/html/sanitize';

export type ReportLanguage = 'en' | 'ar';

type Row = Record<string, unknown>;

/** The report's labels in both languages (the web report shows the same ones). */
const LABELS = {
  en: {
    heading: 'Wa3y Project Report',
    date: 'Date',
    projectTitle: 'Project Title',
    place: 'Place',
    startsAt: 'Starts At',
    endsAt: 'Ends At',
    duration: 'Duration',
    days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
    details: 'About Project',
    objectives: 'Objectives',
    targeted_groups: 'Targeted Groups',
    context_dependant_topics: 'Context-Dependant Topics',
    narrative_report: 'Narrative Report',
    activities: 'Project Activities',
    count: (n: number) =>
      n === 1 ? 'This Project Have 1 Activity' : `This Project Have ${n} Activities`,
    participants: 'Number of Participants',
    description: 'About Activity',
    challenges: 'Challenges',
    how_challenges_faced: 'Challenges Overstep',
    success_stories: 'Success Stories',
    partners: 'Partners',
    lessons: 'Lessons',
    recommendations: 'Recommendations',
    none: 'N/A',
  },
  ar: {
    heading: 'تقرير مشروع وعي',
    date: 'التاريخ',
    projectTitle: 'عنوان المشروع',
    place: 'المكان',
    startsAt: 'يبدأ في',
    endsAt: 'ينتهي في',
    duration: 'المدة',
    days: (n: number) => (n === 1 ? 'يوم واحد' : n === 2 ? 'يومان' : `${n} يوم`),
    details: 'عن المشروع',
    objectives: 'الأهداف',
    targeted_groups: 'الفئات المستهدفة',
    context_dependant_topics: 'مواضيع مرتبطة بالسياق',
    narrative_report: 'التقرير السردي',
    activities: 'أنشطة المشروع',
    count: (n: number) => `عدد أنشطة هذا المشروع: ${n}`,
    participants: 'عدد المشاركين',
    description: 'عن النشاط',
    challenges: 'التحديات',
    how_challenges_faced: 'تجاوز التحديات',
    success_stories: 'قصص النجاح',
    partners: 'الشركاء',
    lessons: 'الدروس المستفادة',
    recommendations: 'التوصيات',
    none: 'غير متوفر',
  },
} as const;

const PROJECT_SECTIONS = [
  'details',
  'objectives',
  'targeted_groups',
  'context_dependant_topics',
  'narrative_report',
] as const;
const ACTIVITY_SECTIONS = [
  'description',
  'challenges',
  'how_challenges_faced',
  'success_stories',
  'partners',
  'lessons',
  'recommendations',
] as const;

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

function days(start: unknown, end: unknown): number | null {
  const a = Date.parse(String(start ?? '').slice(0, 10));
  const b = Date.parse(String(end ?? '').slice(0, 10));
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.abs(Math.round((b - a) / 86_400_000)) + 1;
}

/**
 * The project and its activities as the account may see them (the record engine's access
 * rules apply: a project it may not view is a 404; activities need activities.read).
 */
export async function loadProjectReport(
  engine: Engine,
  id: string,
  request: RequestInfo,
): Promise<{ project: Row; activities: Row[] }> {
  const projects = engine.registry.get('projects')!;
  const project = (await viewRecord(engine, projects, id, request)) as Row;
  let activities: Row[] = [];
  if (can(request, 'activities.read')) {
    const list = await listRecords(
      engine,
      engine.registry.get('projects_activities')!,
      {
        page: '1',
        perPage: '1000',
        filter: `project = '${String(project.id).replace(/[^a-zA-Z0-9]/g, '')}'`,
        sort: 'starting_date,created',
        skipTotal: 'true',
      },
      request,
    );
    activities = list.items as Row[];
  }
  return { project, activities };
}

/**
 * The report as one HTML page, right to left in Arabic. The editor fields are the users' own
 * HTML, cleaned by the API's sanitiser; the PDF printer also runs it with JavaScript off and
 * the browser cut off from the network (pdf-printer.ts).
 */
export function reportHtml(
  { project, activities }: { project: Row; activities: Row[] },
  lang: ReportLanguage,
  today = new Date(),
): string {
  const L = LABELS[lang];
  const n = days(project.starting_date, project.end_date);
  const field = (label: string, value: string) =>
    `<div class="field"><span class="label">${escapeHtml(label)}:</span> <bdi>${escapeHtml(value)}</bdi></div>`;
  // The editor fields are cleaned as the API cleans rich text: only its formatting tags and
  // links are printed, never a style, a refresh or anything that loads an address.
  const section = (label: string, html: unknown) =>
    `<section><h3>${escapeHtml(label)}</h3><div class="rich">${sanitizeRichText(String(html ?? '')) || `<p class="none">${L.none}</p>`}</div></section>`;
  const activity = (a: Row, i: number) => `
    <article class="activity">
      <h3>${i + 1}. ${escapeHtml(a.title)}</h3>
      ${field(L.place, String(a.place || L.none))}
      ${field(L.startsAt, day(a.starting_date, L.none))}
      ${field(L.endsAt, day(a.end_date, L.none))}
      ${field(L.participants, String(a.audience_count ?? 0))}
      ${ACTIVITY_SECTIONS.map((s) => section(L[s], a[s])).join('')}
    </article>`;
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escapeHtml(project.title)}</title>
<style>
  @page { size: A4; margin: 16mm 14mm; }
  body { font-family: 'DejaVu Sans', 'Noto Sans Arabic', 'Noto Sans', sans-serif; font-size: 11pt; color: #111; line-height: 1.5; }
  h1 { font-size: 18pt; margin: 0 0 4pt; } h2 { font-size: 14pt; border-bottom: 1px solid #999; padding-bottom: 2pt; margin-top: 16pt; }
  h3 { font-size: 12pt; margin: 10pt 0 2pt; } .label { font-weight: bold; } .muted { color: #555; }
  .none { color: #777; } .activity { break-inside: avoid-page; border-top: 1px solid #ddd; margin-top: 8pt; }
  ol { padding-inline-start: 18pt; }
  /* Each paragraph takes the direction of its own text (English notes in an Arabic report). */
  .rich, .rich p, .rich li, li { unicode-bidi: plaintext; }
</style></head>
<body>
  <h1>${L.heading}</h1>
  <div class="muted">${L.date}: ${day(today.toISOString(), L.none)}</div>
  <h2>${escapeHtml(project.title)}</h2>
  ${field(L.projectTitle, String(project.title))}
  ${field(L.place, String(project.place || L.none))}
  ${field(L.startsAt, day(project.starting_date, L.none))}
  ${field(L.endsAt, day(project.end_date, L.none))}
  ${field(L.duration, n === null ? L.none : L.days(n))}
  ${PROJECT_SECTIONS.map((s) => section(L[s], project[s])).join('')}
  <h2>${L.activities}</h2>
  <p>${L.count(activities.length)}</p>
  <ol>${activities.map((a) => `<li>${escapeHtml(a.title)}</li>`).join('')}</ol>
  ${activities.map(activity).join('')}
</body></html>`;
}

// The printer moved to pdf-printer.ts (payslips print with it too); still importable from here.
export { pdfAvailable, PdfPrinter } from './pdf-printer';
