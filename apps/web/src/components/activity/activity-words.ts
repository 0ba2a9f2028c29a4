import type { TFunction } from '@/lib/i18n/translator';
import { paths } from '@/config/paths';
import { inLanguage, workflowOf } from '@/lib/workflow';
import { declaredFieldLabel } from '@/components/resource/field-label';

/** The parts of an audit record that say who did what to which record. */
export type ActivityLike = {
  action: string;
  actor_name?: string;
  actor_email?: string;
  collection?: string;
  record?: string;
  record_title?: string;
  before?: unknown;
  after?: unknown;
};

/** A field of the record's snapshot (after the change, else before it). */
function snapshotField(a: ActivityLike, field: string): string {
  for (const snapshot of [a.after, a.before]) {
    if (snapshot && typeof snapshot === 'object') {
      const value = (snapshot as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return '';
}

/** The collection's name in the reader's language (its table name if the dictionary lacks it). */
export function collectionLabel(t: TFunction, collection: string | undefined): string {
  if (!collection) return '';
  return t(`activity.collections.${collection}`, { defaultValue: collection });
}

/** A monitor category ("finance", "hr_settings") in the reader's language. */
export function categoryLabel(t: TFunction, category: string): string {
  return t(`activity.categories.${category}`, { defaultValue: category });
}

/**
 * A field of a record in the reader's language: its one entry (`fields.<collection>.<field>`),
 * else the shared names of the fields every record has (id, created, updated) or a collection
 * without entries had, else the field's name in words.
 */
export function fieldLabel(t: TFunction, collection: string | undefined, field: string): string {
  const declared = collection ? declaredFieldLabel(t, collection, field) : '';
  return declared || t(`activity.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });
}

/**
 * Where the screens name each select field's choices: the value is appended to the key
 * ("finance.kinds." + "cash"). A workflow's states are named by its declaration instead. A test
 * holds both to the schema.
 */
const CHOICE_TEXTS: Record<string, string> = {
  'projects.status': 'projects.status.',
  'employee_options.kind': 'employees.settings.kind_',
  'allowance_options.calculation': 'payroll.calculations.',
  'deduction_options.calculation': 'payroll.calculations.',
  'employees.sex': 'hrPeople.sex.',
  'employees.marital_status': 'employees.marital.',
  'employees.employment_status': 'employees.status.',
  'members.sex': 'hrPeople.sex.',
  'members.membership_status': 'hrPeople.status.',
  'member_dues.method': 'members.methods.',
  'volunteers.sex': 'hrPeople.sex.',
  'volunteers.status': 'hrPeople.status.',
  'volunteers.availability': 'volunteers.availability.',
  'vaults.kind': 'finance.kinds.',
  'grant_deadlines.kind': 'finance.deadlines.kinds.',
  'assets.status': 'finance.assets.statuses.',
  'assets.depreciation_method': 'finance.assets.methods.',
  'advance_repayments.source': 'finance.repayments.sources.',
  'payslip_lines.kind': 'payroll.kinds.',
  'payslip_lines.source': 'payroll.sources.',
  'users.status': 'users.status.',
  'projects_staff.type': 'projects.staff.types.',
  'activities_staff.type': 'projects.staff.types.',
  'website_resources.tags': 'website.tags.',
  'financial_request_comments.stage': 'projects.finance.stages.',
  'purchase_comments.stage': 'projects.finance.stages.',
  'organisation_settings.two_factor': 'organisation.twoFactor.',
};

/**
 * A select field's stored choice as its screens name it ("partly_repaid": "Partly repaid"; a
 * role's "employees.read_salary": "Employees: Read salary"); '' when no screen names it.
 */
export function choiceLabel(
  t: TFunction,
  collection: string | undefined,
  field: string,
  value: string,
): string {
  if (collection === 'roles' && field === 'permissions') {
    const [group, action] = value.split('.');
    const groupText = t(`permissions.groups.${group}`, { defaultValue: '' });
    const actionText = t(`permissions.actions.${action}`, { defaultValue: '' });
    return groupText && actionText
      ? t('activity.permission', { group: groupText, action: actionText })
      : '';
  }
  const flow = collection ? workflowOf(collection) : undefined;
  if (flow && field === flow.field) {
    const state = flow.states[value];
    return state ? inLanguage(state.label, t('workflow.language')) : '';
  }
  const prefix = CHOICE_TEXTS[`${collection}.${field}`];
  return prefix ? t(`${prefix}${value}`, { defaultValue: '' }) : '';
}

/** What the record is called: its title when it has one, else "<collection> <short id>". */
export function recordName(t: TFunction, a: ActivityLike): string {
  if (a.record_title) return a.record_title;
  if (!a.collection) return '';
  return t('activity.recordOf', {
    collection: collectionLabel(t, a.collection),
    id: (a.record ?? '').slice(0, 6),
  });
}

/** Who acted, in words. */
export function actorName(t: TFunction, a: ActivityLike): string {
  return a.actor_name || a.actor_email || t('activity.system');
}

/** "Sara Haddad updated the article “A new well”" (or the sign-in, the backup…). */
export function activitySentence(t: TFunction, a: ActivityLike): string {
  const who = actorName(t, a);
  if (!a.collection) return t(`activity.sentences.${a.action}`, { who, defaultValue: who });
  return t(`activity.sentences.${a.action}`, {
    who,
    what: collectionLabel(t, a.collection),
    name: recordName(t, a),
    defaultValue: `${who}: ${t(`activity.actions.${a.action}`)} ${recordName(t, a)}`,
  });
}

/** A project's page open on one of its finance tabs (`?finance=`, finance-tab.tsx). */
const projectFinance = (tab: string) => (project: string) =>
  `${paths.projects.view.getHref(project)}?tab=finance&finance=${tab}`;

/**
 * A project's request or purchase open on its finance tab (`?request=`, `?purchase=`:
 * requests.tsx); its tab's list once it is deleted.
 */
const projectWorkflow =
  (tab: string, param: string) =>
  (project: string, a: ActivityLike): string =>
    a.record && a.action !== 'DELETE'
      ? `${projectFinance(tab)(project)}&${param}=${encodeURIComponent(a.record)}`
      : projectFinance(tab)(project);

/**
 * Records shown on their parent's page: the parent's collection, the field holding it (the
 * schema's `heldBy`, which a test holds this to), and the parent's page.
 */
const SHOWN_ON_PARENT: Record<
  string,
  [string, string, (parent: string, entry: ActivityLike) => string]
> = {
  employee_tasks: ['employees', 'employee', paths.hr.employees.view.getHref],
  member_dues: ['members', 'member', paths.hr.members.view.getHref],
  volunteer_hours: ['volunteers', 'volunteer', paths.hr.volunteers.view.getHref],
  projects_timelines: ['projects', 'project', paths.projects.view.getHref],
  projects_staff: ['projects', 'project', paths.projects.view.getHref],
  project_financial_committees: ['projects', 'project', paths.projects.view.getHref],
  project_purchases_committees: ['projects', 'project', paths.projects.view.getHref],
  activities_timelines: ['projects_activities', 'activity', paths.activities.view.getHref],
  activities_staff: ['projects_activities', 'activity', paths.activities.view.getHref],
  ledger_entries: ['vaults', 'vault', paths.finance.statement.getHref],
  blog_articles: ['blog_topics', 'topic', paths.website.topic.getHref],
  payslips: ['payroll_runs', 'run', paths.finance.payrollRun.getHref],
  project_budget_lines: ['projects', 'project', projectFinance('lines')],
  financial_requests: ['projects', 'project', projectWorkflow('requests', 'request')],
  purchases: ['projects', 'project', projectWorkflow('purchases', 'purchase')],
  bank_checks: ['projects', 'project', projectFinance('checks')],
};

/** The collection a record of `collection` belongs to and the field naming it, if any. */
export function parentOf(collection: string): { collection: string; field: string } | null {
  const parent = SHOWN_ON_PARENT[collection];
  return parent ? { collection: parent[0], field: parent[1] } : null;
}

/** Records with a page of their own. */
const OWN_PAGE: Record<string, (id: string) => string> = {
  employees: paths.hr.employees.view.getHref,
  members: paths.hr.members.view.getHref,
  volunteers: paths.hr.volunteers.view.getHref,
  projects: paths.projects.view.getHref,
  projects_activities: paths.activities.view.getHref,
  users: paths.users.view.getHref,
  roles: paths.users.roles.view.getHref,
  blog_topics: paths.website.topic.getHref,
  payroll_runs: paths.finance.payrollRun.getHref,
};

/** Records listed on one screen of their area. */
const LIST_PAGE: Record<string, string> = {
  vaults: paths.finance.vaults.getHref(),
  vault_transfers: paths.finance.vaults.getHref(),
  cash_counts: paths.finance.vaults.getHref(),
  grants: paths.finance.grants.getHref(),
  grant_deadlines: paths.finance.grants.getHref(),
  grant_tranches: paths.finance.grants.getHref(),
  donations: paths.finance.grants.getHref(),
  expenses: paths.finance.expenses.getHref(),
  assets: paths.finance.assets.getHref(),
  employee_advances: paths.finance.advances.getHref(),
  advance_repayments: paths.finance.advances.getHref(),
  allowance_options: paths.finance.salarySettings.getHref(),
  deduction_options: paths.finance.salarySettings.getHref(),
  employee_options: paths.hr.employees.settings.getHref(),
  membership_types: paths.hr.members.settings.getHref(),
  volunteer_skills: paths.hr.volunteers.settings.getHref(),
  website_resources: paths.website.resources.getHref(),
  payroll_runs: paths.finance.payroll.getHref(),
  payslips: paths.finance.payroll.getHref(),
  payslip_lines: paths.finance.payroll.getHref(),
  // Deleted records of collections with pages of their own: their list.
  employees: paths.hr.employees.list.getHref(),
  members: paths.hr.members.list.getHref(),
  volunteers: paths.hr.volunteers.list.getHref(),
  projects: paths.projects.list.getHref(),
  users: paths.users.list.getHref(),
  roles: paths.users.roles.list.getHref(),
  blog_topics: paths.website.topics.getHref(),
};

/**
 * Where the record an entry concerns can be seen: its own page, its parent's page, or its
 * list. A deleted record has no page of its own, only its parent's or its list.
 */
export function recordHref(a: ActivityLike): string | null {
  const collection = a.collection ?? '';
  const own = OWN_PAGE[collection];
  if (own && a.record && a.action !== 'DELETE') return own(a.record);
  const parent = SHOWN_ON_PARENT[collection];
  if (parent) {
    const parentId = snapshotField(a, parent[1]);
    if (parentId) return parent[2](parentId, a);
  }
  return LIST_PAGE[collection] ?? null;
}
