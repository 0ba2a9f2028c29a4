import type { Permission } from './permissions';

/**
 * The demo organisation's roles (`npm run seed:demo`), one for each kind of staff, declared here
 * so that the server's seed makes them and the web's tests check that each one reaches the
 * screens of its job (apps/web/src/app/areas/demo-roles.test.ts); the server's test walks each
 * demo person through their tasks (apps/server/test/api/demo-personas.test.ts).
 *
 * Money follows separation of duties: whoever records or asks for money does not approve it. The
 * HR officer drafts the payroll, the executive director approves it (and expenses and advances),
 * the finance officer records expenses and pays; project managers ask for their projects' money
 * and their committee (seated by the director, who holds project_committees.manage) decides.
 */
export type DemoRole = {
  title: string;
  description: string;
  permissions: readonly Permission[];
};

export const DEMO_ROLES = {
  hr: {
    title: 'HR officer',
    description: 'Looks after employees, members and volunteers, and drafts the monthly payroll.',
    permissions: [
      'employees.create',
      'employees.update',
      'employees.read',
      'employees.read_salary',
      'members.create',
      'members.update',
      'members.read',
      'volunteers.create',
      'volunteers.update',
      'volunteers.read',
      'hr_settings.read',
      'hr_settings.create',
      'hr_settings.update',
      'activity_monitor.read',
      // A new employee's project, and the allowances and deductions their salary is made of.
      'projects.read',
      'salary_setting.read',
      // Drafts each month's payroll run (the director approves it, the finance officer pays it)
      // from a vault it chooses.
      'payroll.read',
      'payroll.create',
      'payroll.update',
      'advances.read',
      'vaults.read',
    ],
  },
  finance: {
    title: 'Finance officer',
    description: 'Records donations and expenses, pays what the director approved, runs payroll.',
    permissions: [
      'donations.create',
      'donations.read',
      'expenses.create',
      'expenses.read',
      'expenses.update',
      'expenses.pay',
      'vaults.read',
      'vaults.transfer',
      'vaults.count',
      'grants.read',
      'assets.read',
      'assets.create',
      'assets.update',
      'payroll.read',
      'payroll.create',
      'payroll.update',
      'payroll.pay',
      'advances.read',
      'advances.create',
      'advances.update',
      'advances.pay',
      'salary_setting.read',
      'salary_report.read',
      'employees.read',
      'employees.read_salary',
      // Sits on the projects' committees: reads the projects and their finance.
      'projects.read',
      'project_finance.read',
      'project_finance.create',
      'project_finance.update',
    ],
  },
  projects: {
    title: 'Project manager',
    description: 'Starts and runs projects and their activities, and asks for their money.',
    permissions: [
      'projects.create',
      'projects.read',
      'projects.update',
      'project_timeline.read',
      'project_timeline.post',
      'activities.create',
      'activities.read',
      'activities.update',
      'activity_timeline.read',
      'activity_timeline.post',
      'project_staff.create',
      'project_staff.read',
      'project_staff.update',
      'activity_staff.create',
      'activity_staff.read',
      'activity_staff.update',
      'employees.read',
      'members.read',
      'project_finance.read',
      'project_finance.create',
      'project_finance.update',
    ],
  },
  director: {
    title: 'Executive director',
    description:
      'Approves expenses, advances and payroll that others recorded, and seats the projects’ committees.',
    permissions: [
      'projects.read',
      'project_finance.read',
      'project_committees.manage',
      'activities.read',
      'employees.read',
      'employees.read_salary',
      'vaults.read',
      'donations.read',
      'grants.read',
      'expenses.read',
      'expenses.update',
      'expenses.approve',
      'advances.read',
      'advances.update',
      'advances.approve',
      'payroll.read',
      'payroll.update',
      'payroll.approve',
      'salary_setting.read',
      'salary_report.read',
      'activity_monitor.read',
    ],
  },
  web: {
    title: 'Web editor',
    description: 'Publishes topics, articles and resources on the website.',
    permissions: [
      'topics.create',
      'topics.read',
      'topics.update',
      'articles.create',
      'articles.read',
      'articles.update',
      'resources.create',
      'resources.read',
      'resources.update',
    ],
  },
  viewer: {
    title: 'Board viewer',
    description: 'Reads projects and finance summaries.',
    permissions: ['projects.read', 'project_finance.read', 'vaults.read', 'salary_report.read'],
  },
} as const satisfies Record<string, DemoRole>;

export type DemoRoleKey = keyof typeof DEMO_ROLES;
