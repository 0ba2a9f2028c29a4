import type { ProjectFinanceOverview } from '../project-finance-api';

/**
 * The project report, one document on the screen (`/projects/:id/report`) and in the PDF the
 * server prints: the same data (`GET /api/projects/:id/report`), the same sections in the same
 * order, the same words. The web app merges these texts into `projects.report`; the server
 * prints with them (apps/server/src/domain/projects-report.ts).
 */

/** The project's editor fields, in the report's order (their labels: `sections`). */
export const PROJECT_REPORT_SECTIONS = [
  'details',
  'objectives',
  'targeted_groups',
  'context_dependant_topics',
  'narrative_report',
] as const;

/** Each activity's editor fields, in the report's order (their labels: `activitySections`). */
export const ACTIVITY_REPORT_SECTIONS = [
  'description',
  'challenges',
  'how_challenges_faced',
  'success_stories',
  'partners',
  'lessons',
  'recommendations',
] as const;

type Rich<K extends string> = { [key in K]?: string };

/** What the report shows, as `GET /api/projects/:id/report` answers it. */
export type ProjectReportData = {
  project: {
    id: string;
    code: string;
    title: string;
    place: string;
    starting_date: string;
    end_date: string;
  } & Rich<(typeof PROJECT_REPORT_SECTIONS)[number]>;
  /** Null when the account may not read activities. */
  activities:
    | ({
        id: string;
        title: string;
        place: string;
        starting_date: string;
        end_date: string;
        audience_count: number;
      } & Rich<(typeof ACTIVITY_REPORT_SECTIONS)[number]>)[]
    | null;
  /** Null when the account may not read the project's staff. */
  staff: { name: string; type: string; position: string; description: string }[] | null;
  /** Posts and replies, oldest first; null when the account may not read the timeline. */
  timeline:
    { created: string; author: string; title: string; post: string; reply: boolean }[] | null;
  /** Null when the account may not read project finance, or the project has no vault. */
  finance: ProjectFinanceOverview | null;
};

/**
 * The report's words in English (also the web app's `projects.report`). Counted phrases list the
 * six forms Arabic has, as the app's dictionaries do (English uses `one` and `other`).
 */
export const PROJECT_REPORT_EN = {
  heading: 'Project report',
  date: 'Date: {{date}}',
  projectTitle: 'Project title',
  place: 'Place',
  startsAt: 'Starts on',
  endsAt: 'Ends on',
  duration: 'Duration',
  days_zero: '{{count}} days',
  days_one: '1 day',
  days_two: '2 days',
  days_few: '{{count}} days',
  days_many: '{{count}} days',
  days_other: '{{count}} days',
  none: 'None',
  sections: {
    details: 'About the project',
    objectives: 'Objectives',
    targeted_groups: 'Targeted groups',
    context_dependant_topics: 'Context-dependent topics',
    narrative_report: 'Narrative report',
  },
  staff: {
    title: 'Staff',
    name: 'Name',
    type: 'Type',
    position: 'Position',
    description: 'Job description',
    types: { employee: 'Employee', member: 'Member' },
    count_zero: 'Nobody is assigned yet.',
    count_one: '1 person is assigned.',
    count_two: '2 people are assigned.',
    count_few: '{{count}} people are assigned.',
    count_many: '{{count}} people are assigned.',
    count_other: '{{count}} people are assigned.',
  },
  timeline: {
    title: 'Timeline',
    by: '{{date}}, {{author}}',
    reply: 'Reply',
    count_zero: 'Nothing posted yet.',
    count_one: '1 post.',
    count_two: '2 posts.',
    count_few: '{{count}} posts.',
    count_many: '{{count}} posts.',
    count_other: '{{count}} posts.',
  },
  finance: {
    title: 'Finance summary',
    vault: 'Project vault',
    donations: 'Donations',
    fees: 'Fees',
    used: 'Total used',
    onHold: 'On hold',
    remaining: 'Remaining in vault',
    free: 'Free to approve',
    budget: 'Budget',
    budgetUsed: 'Budget used',
    budgetHeld: 'Budget on hold',
    budgetRemaining: 'Budget remaining',
    requests_zero: 'No financial requests',
    requests_one: '1 financial request',
    requests_two: '2 financial requests',
    requests_few: '{{count}} financial requests',
    requests_many: '{{count}} financial requests',
    requests_other: '{{count}} financial requests',
    purchases_zero: 'No purchases',
    purchases_one: '1 purchase',
    purchases_two: '2 purchases',
    purchases_few: '{{count}} purchases',
    purchases_many: '{{count}} purchases',
    purchases_other: '{{count}} purchases',
  },
  activities: 'Activities',
  count_zero: 'This project has no activities yet.',
  count_one: 'This project has 1 activity.',
  count_two: 'This project has 2 activities.',
  count_few: 'This project has {{count}} activities.',
  count_many: 'This project has {{count}} activities.',
  count_other: 'This project has {{count}} activities.',
  participants: 'Number of participants',
  activitySections: {
    description: 'About the activity',
    challenges: 'Challenges',
    how_challenges_faced: 'How the challenges were overcome',
    success_stories: 'Success stories',
    partners: 'Partners',
    lessons: 'Lessons',
    recommendations: 'Recommendations',
  },
} as const;

/** The report's words in Arabic, with the language's six plural forms. */
export const PROJECT_REPORT_AR = {
  heading: 'تقرير المشروع',
  date: 'التاريخ: {{date}}',
  projectTitle: 'عنوان المشروع',
  place: 'المكان',
  startsAt: 'يبدأ في',
  endsAt: 'ينتهي في',
  duration: 'المدة',
  days_zero: '{{count}} يوم',
  days_one: 'يوم واحد',
  days_two: 'يومان',
  days_few: '{{count}} أيام',
  days_many: '{{count}} يومًا',
  days_other: '{{count}} يوم',
  none: 'لا يوجد',
  sections: {
    details: 'عن المشروع',
    objectives: 'الأهداف',
    targeted_groups: 'الفئات المستهدفة',
    context_dependant_topics: 'مواضيع مرتبطة بالسياق',
    narrative_report: 'التقرير السردي',
  },
  staff: {
    title: 'الفريق',
    name: 'الاسم',
    type: 'النوع',
    position: 'المنصب',
    description: 'الوصف الوظيفي',
    types: { employee: 'موظف', member: 'عضو' },
    count_zero: 'لم يُكلَّف أحد بعد.',
    count_one: 'شخص واحد مكلَّف.',
    count_two: 'شخصان مكلَّفان.',
    count_few: '{{count}} أشخاص مكلَّفون.',
    count_many: '{{count}} شخصًا مكلَّفًا.',
    count_other: '{{count}} شخص مكلَّف.',
  },
  timeline: {
    title: 'الخط الزمني',
    by: '{{date}}، {{author}}',
    reply: 'رد',
    count_zero: 'لم يُنشر شيء بعد.',
    count_one: 'منشور واحد.',
    count_two: 'منشوران.',
    count_few: '{{count}} منشورات.',
    count_many: '{{count}} منشورًا.',
    count_other: '{{count}} منشور.',
  },
  finance: {
    title: 'الملخص المالي',
    vault: 'خزنة المشروع',
    donations: 'التبرعات',
    fees: 'الرسوم',
    used: 'إجمالي المستخدم',
    onHold: 'محجوز',
    remaining: 'المتبقي في الخزنة',
    free: 'المتاح للموافقة',
    budget: 'الميزانية',
    budgetUsed: 'المستخدم من الميزانية',
    budgetHeld: 'المحجوز من الميزانية',
    budgetRemaining: 'المتبقي من الميزانية',
    requests_zero: 'لا طلبات مالية',
    requests_one: 'طلب مالي واحد',
    requests_two: 'طلبان ماليان',
    requests_few: '{{count}} طلبات مالية',
    requests_many: '{{count}} طلبًا ماليًا',
    requests_other: '{{count}} طلب مالي',
    purchases_zero: 'لا مشتريات',
    purchases_one: 'عملية شراء واحدة',
    purchases_two: 'عمليتا شراء',
    purchases_few: '{{count}} عمليات شراء',
    purchases_many: '{{count}} عملية شراء',
    purchases_other: '{{count}} عملية شراء',
  },
  activities: 'الأنشطة',
  count_zero: 'لا أنشطة في هذا المشروع بعد.',
  count_one: 'في هذا المشروع نشاط واحد.',
  count_two: 'في هذا المشروع نشاطان.',
  count_few: 'في هذا المشروع {{count}} أنشطة.',
  count_many: 'في هذا المشروع {{count}} نشاطًا.',
  count_other: 'في هذا المشروع {{count}} نشاط.',
  participants: 'عدد المشاركين',
  activitySections: {
    description: 'عن النشاط',
    challenges: 'التحديات',
    how_challenges_faced: 'تجاوز التحديات',
    success_stories: 'قصص النجاح',
    partners: 'الشركاء',
    lessons: 'الدروس المستفادة',
    recommendations: 'التوصيات',
  },
} as const;

export const PROJECT_REPORT_TEXTS = { en: PROJECT_REPORT_EN, ar: PROJECT_REPORT_AR } as const;

/** Whole days from the start to the end, both counted; null without both dates. */
export function reportDays(start: string, end: string): number | null {
  const a = Date.parse(String(start ?? '').slice(0, 10));
  const b = Date.parse(String(end ?? '').slice(0, 10));
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.abs(Math.round((b - a) / 86_400_000)) + 1;
}
