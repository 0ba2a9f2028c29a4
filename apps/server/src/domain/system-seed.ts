import type { DemoSeed } from './demo-seed';

/** Roles for each kind of staff, and a board member who signs in on the default password. */
export async function seedSystemDemo({
  create,
  account,
  count,
  defaultPassword,
}: DemoSeed): Promise<void> {
  const roles = {
    hr: await create('roles', {
      title: 'HR officer',
      description: 'Looks after employees, members and volunteers.',
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
      ],
    }),
    finance: await create('roles', {
      title: 'Finance officer',
      description: 'Records donations and expenses, runs payroll.',
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
        'salary_setting.read',
        'salary_report.read',
        'employees.read',
        'employees.read_salary',
      ],
    }),
    projects: await create('roles', {
      title: 'Project manager',
      description: 'Runs projects and their activities.',
      permissions: [
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
      ],
    }),
    web: await create('roles', {
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
    }),
    viewer: await create('roles', {
      title: 'Board viewer',
      description: 'Reads projects and finance summaries.',
      permissions: ['projects.read', 'vaults.read', 'salary_report.read'],
    }),
  };

  await create('users', {
    name: 'Fatima Board',
    email: 'fatima@demo.org',
    emailVisibility: true,
    bio: 'Board treasurer; reviews the accounts each quarter.',
    status: 'ACTIVE',
    password: defaultPassword,
    passwordConfirm: defaultPassword,
    roles: [roles.viewer.id],
  });
  account({
    email: 'fatima@demo.org',
    password: defaultPassword,
    note: 'board user (Board viewer); must choose a new password at first sign-in',
  });
  count('roles', Object.keys(roles).length);
  count('user', 1);
}
