/**
 * Typed link builders: every screen's route pattern (`path`) and a function that builds a link
 * to it (`getHref`). Routes, menus and features use these instead of string literals.
 */
const enc = encodeURIComponent;

const crud = (base: string) => ({
  list: { path: base, getHref: () => base },
  new: { path: `${base}/new`, getHref: () => `${base}/new` },
  settings: { path: `${base}/settings`, getHref: () => `${base}/settings` },
  view: { path: `${base}/:id`, getHref: (id: string) => `${base}/${enc(id)}` },
  update: { path: `${base}/:id/update`, getHref: (id: string) => `${base}/${enc(id)}/update` },
});

const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: fixed('/'),
  auth: {
    root: fixed('/auth'),
    login: fixed('/auth/login'),
    forgotPassword: fixed('/auth/forgot-password'),
    register: fixed('/auth/register'),
    confirmPasswordReset: {
      path: '/auth/confirm-password-reset/:token',
      getHref: (token: string) => `/auth/confirm-password-reset/${enc(token)}`,
    },
  },
  hr: {
    employees: crud('/hr/employees'),
    members: crud('/hr/members'),
    membersOldNew: fixed('/hr/members.old/new'),
    volunteers: crud('/hr/volunteers'),
  },
  projects: {
    list: fixed('/projects'),
    new: fixed('/projects/new'),
    view: { path: '/projects/:id', getHref: (id: string) => `/projects/${enc(id)}` },
    update: {
      path: '/projects/:id/update',
      getHref: (id: string) => `/projects/${enc(id)}/update`,
    },
    report: {
      path: '/projects/:id/report',
      getHref: (id: string) => `/projects/${enc(id)}/report`,
    },
    financeReport: {
      path: '/projects/:id/finance/report',
      getHref: (id: string) => `/projects/${enc(id)}/finance/report`,
    },
  },
  activities: {
    view: { path: '/activities/:id', getHref: (id: string) => `/activities/${enc(id)}` },
  },
  monitor: {
    root: fixed('/activity-monitor'),
    all: fixed('/activity-monitor/all'),
    finance: fixed('/activity-monitor/finance'),
    hr: fixed('/activity-monitor/hr'),
    projects: fixed('/activity-monitor/projects'),
    website: fixed('/activity-monitor/website'),
  },
  finance: {
    advances: fixed('/finance/advances'),
    assets: fixed('/finance/assets'),
    expenses: fixed('/finance/expenses'),
    grants: fixed('/finance/grants'),
    payroll: fixed('/finance/payroll'),
    payrollRun: {
      path: '/finance/payroll/:id',
      getHref: (id: string) => `/finance/payroll/${enc(id)}`,
    },
    salarySettings: fixed('/finance/salaries/settings'),
    salaryReport: fixed('/finance/salary-report'),
    vaults: fixed('/finance/vaults'),
    statement: {
      path: '/finance/vaults/:id/statement',
      getHref: (id: string) => `/finance/vaults/${enc(id)}/statement`,
    },
  },
  website: {
    resources: fixed('/manage-website/resources'),
    topics: fixed('/manage-website/topics'),
    topic: {
      path: '/manage-website/topics/:id',
      getHref: (id: string) => `/manage-website/topics/${enc(id)}`,
    },
  },
  settings: {
    organisation: fixed('/settings/organisation'),
    backups: fixed('/settings/backups'),
    import: fixed('/settings/import'),
  },
  users: {
    list: fixed('/users'),
    new: fixed('/users/new'),
    view: { path: '/users/:id', getHref: (id: string) => `/users/${enc(id)}` },
    update: { path: '/users/:id/update', getHref: (id: string) => `/users/${enc(id)}/update` },
    roles: {
      list: fixed('/users/roles'),
      new: fixed('/users/roles/new'),
      view: { path: '/users/roles/:role_id', getHref: (id: string) => `/users/roles/${enc(id)}` },
      update: {
        path: '/users/roles/:role_id/update',
        getHref: (id: string) => `/users/roles/${enc(id)}/update`,
      },
    },
  },
} as const;

/** The link to an account's own profile: employees and users live in different areas. */
export function profileHref(account: { id: string; collection: 'employees' | 'users' }): string {
  return account.collection === 'employees'
    ? paths.hr.employees.view.getHref(account.id)
    : paths.users.view.getHref(account.id);
}
