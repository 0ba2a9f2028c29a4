/**
 * Admin commands: `tsx src/cli.ts seed-demo` loads a small demo organisation.
 */
import { buildApp } from './app';
import { readConfig } from './config';
import { buildAuthState } from './core/auth';
import { createRecord } from './core/records';
import { DirectoryLockedError } from './db/directory-lock';
import type { RequestInfo } from './core/request-info';
import type { Row } from './core/record-export';
import type { BuiltApp } from './app';

type Created = { id: string } & Record<string, unknown>;

async function adminRequest(built: BuiltApp, email: string): Promise<RequestInfo> {
  const employees = built.engine.registry.get('employees')!;
  const { rows } = await built.db.query<Row>(
    `SELECT * FROM "employees" WHERE lower("email") = lower($1)`,
    [email],
  );
  if (!rows[0]) throw new Error(`no administrator ${email}: start the server once first`);
  return {
    auth: await buildAuthState(built.db, employees, rows[0]),
    method: 'POST',
    context: 'default',
    query: {},
    headers: {},
    body: {},
  };
}

/** Creates records through the engine, so validation and the audit trail apply as for people. */
async function seedDemo(built: BuiltApp, adminEmail: string): Promise<void> {
  const request = await adminRequest(built, adminEmail);
  const { rows: marker } = await built.db.query(
    `SELECT 1 FROM "roles" WHERE "title" = 'HR officer'`,
  );
  if (marker.length) {
    console.log('The demo organisation is already loaded.');
    return;
  }
  const create = async (collection: string, data: Record<string, unknown>): Promise<Created> =>
    (await createRecord(
      built.engine,
      built.engine.registry.get(collection)!,
      { data, files: {} },
      request,
      '127.0.0.1',
    )) as Created;

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
        'vaults.read',
        'payroll.read',
        'payroll.pay_employees',
        'payroll.read_history',
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
        'employees.read',
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

  const option = async (kind: string, title: string) =>
    (await create('employee_options', { kind, title })).id;
  const sections = {
    director: await option('section', 'Executive Director'),
    hr: await option('section', 'Human Resources'),
    finance: await option('section', 'Finance Office'),
    projects: await option('section', 'Projects Office'),
    media: await option('section', 'Media & Public Relations Office'),
  };
  const positions = {
    director: await option('position', 'Executive director'),
    hr: await option('position', 'HR officer'),
    accountant: await option('position', 'Accountant'),
    coordinator: await option('position', 'Project coordinator'),
    media: await option('position', 'Communications officer'),
  };
  const types = {
    org: await option('employment_type', 'Organisation employee'),
    project: await option('employment_type', 'Project employee'),
  };
  const shifts = {
    full: await option('shift', 'Full-time'),
    part: await option('shift', 'Part-time'),
    contract: await option('shift', 'Contract'),
  };
  const qualifications = {
    diploma: await option('qualification', 'Diploma'),
    bsc: await option('qualification', 'Bachelor'),
    msc: await option('qualification', 'Master'),
    phd: await option('qualification', 'PhD'),
  };
  for (const leave of ['Annual leave', 'Sick leave', 'Maternity leave', 'Unpaid leave'])
    await option('leave_type', leave);

  const transport = await create('allowance_options', {
    title: 'Transport',
    amount: 40,
    description: 'Monthly transport allowance',
  });
  const housing = await create('allowance_options', {
    title: 'Housing',
    amount: 120,
    description: 'Monthly housing allowance',
  });
  const insurance = await create('deduction_options', {
    title: 'Health insurance',
    amount: 15,
    description: 'Staff health insurance share',
  });
  const pension = await create('deduction_options', {
    title: 'Pension',
    amount: 25.5,
    description: 'Pension contribution',
  });

  const water = await create('projects', {
    title: 'Clean water for Kassala villages',
    place: 'Kassala',
    starting_date: '2026-02-01',
    end_date: '2026-12-31',
    details: '<p>Rehabilitating wells and training water committees in twelve villages.</p>',
    objectives: '<ul><li>12 wells repaired</li><li>24 committee members trained</li></ul>',
  });
  const literacy = await create('projects', {
    title: 'Adult literacy circles',
    place: 'Omdurman',
    starting_date: '2026-01-15',
    end_date: '2026-09-30',
    details: '<p>Evening reading circles for women in three neighbourhoods.</p>',
  });

  const password = 'demo-password-1';
  const people = [
    {
      name: 'Amna Hassan',
      email: 'amna@demo.org',
      sex: 'Female',
      section: sections.director,
      position: positions.director,
      role: roles.viewer,
      salary: 2400,
      project: '',
    },
    {
      name: 'Khalid Osman',
      email: 'khalid@demo.org',
      sex: 'Male',
      section: sections.hr,
      position: positions.hr,
      role: roles.hr,
      salary: 1500,
      project: '',
    },
    {
      name: 'Sara Ibrahim',
      email: 'sara@demo.org',
      sex: 'Female',
      section: sections.finance,
      position: positions.accountant,
      role: roles.finance,
      salary: 1450,
      project: '',
    },
    {
      name: 'Yousif Ali',
      email: 'yousif@demo.org',
      sex: 'Male',
      section: sections.projects,
      position: positions.coordinator,
      role: roles.projects,
      salary: 1300,
      project: water.id,
    },
    {
      name: 'Mariam Ahmed',
      email: 'mariam@demo.org',
      sex: 'Female',
      section: sections.projects,
      position: positions.coordinator,
      role: roles.projects,
      salary: 1250,
      project: literacy.id,
    },
    {
      name: 'Omer Saeed',
      email: 'omer@demo.org',
      sex: 'Male',
      section: sections.media,
      position: positions.media,
      role: roles.web,
      salary: 1100,
      project: '',
    },
  ];
  let i = 0;
  const staff: Created[] = [];
  for (const p of people) {
    i += 1;
    const employee = await create('employees', {
      name: p.name,
      email: p.email,
      emailVisibility: true,
      password,
      passwordConfirm: password,
      sex: p.sex,
      birth_date: `19${80 + i}-0${(i % 9) + 1}-1${i}`,
      marital_status: i % 2 ? 'Married' : 'Single',
      number_of_children: i % 3,
      address: 'Khartoum',
      phone_numbers: [`+249 91 000 00${i}${i}`],
      employment_type: p.project ? types.project : types.org,
      shift: i === 6 ? shifts.part : shifts.full,
      project: p.project,
      employment_section: p.section,
      employment_position: p.position,
      qualification: i % 2 ? qualifications.bsc : qualifications.msc,
      specialization: 'Development studies',
      starting_date: `202${i % 5}-03-01`,
      employment_status: 'Active',
      job_description: '<p>See the organisation chart.</p>',
      basic_salary: p.salary,
      allowances: i % 2 ? [transport.id, housing.id] : [transport.id],
      deductions: [insurance.id, pension.id],
      roles: [p.role.id],
    });
    staff.push(employee);
  }
  await create('employee_tasks', {
    employee: staff[1].id,
    title: 'Renew staff contracts',
    due_date: '2026-12-15',
    details: '<p>Three contracts end this year.</p>',
  });
  await create('employee_tasks', {
    employee: staff[1].id,
    title: 'Plan the volunteer induction',
    due_date: '2026-11-30',
    completion_date: '2026-11-20',
  });
  await create('employee_tasks', {
    employee: staff[2].id,
    title: 'Close the October accounts',
    due_date: '2026-11-10',
    completion_date: '2026-11-09',
  });
  // Members and volunteers, with dues and hours so totals, paid-until dates and "Lapsed" show.
  const ordinary = await create('membership_types', {
    title: 'Ordinary member',
    fee: 12,
    period_months: 12,
    description: 'Yearly membership',
  });
  const student = await create('membership_types', {
    title: 'Student member',
    fee: 3,
    period_months: 6,
    description: 'Half-yearly, for students',
  });
  const memberNames = [
    'Hawa Musa',
    'Adam Idris',
    'Salma Yousif',
    'Tarig Hamid',
    'Rania Kamal',
    'Mohamed Nour',
    'Eman Saleh',
    'Hisham Babiker',
  ];
  let m = 0;
  for (const name of memberNames) {
    m += 1;
    const member = await create('members', {
      name,
      email: `${name.split(' ')[0].toLowerCase()}@members.demo.org`,
      sex: m % 2 ? 'Female' : 'Male',
      birth_date: `19${70 + m * 3}-0${(m % 9) + 1}-0${(m % 9) + 1}`,
      address: m % 3 ? 'Omdurman' : 'Khartoum North',
      phone_numbers: [`+249 92 100 0${m}${m}`],
      starting_date: `202${m % 5}-0${(m % 8) + 1}-01`,
      membership_status: m === 8 ? 'Resigned' : 'Active',
      membership_type: m % 3 ? ordinary.id : student.id,
    });
    // Most are paid up; two let their membership run out.
    const paidOn = m <= 2 ? '2024-05-01' : '2026-03-01';
    await create('member_dues', {
      member: member.id,
      amount: m % 3 ? 12 : 3,
      paid_on: paidOn,
      months: m % 3 ? 12 : 6,
      method: m % 2 ? 'Cash' : 'Mobile money',
      receipt_number: `R-${1000 + m}`,
    });
  }
  const skills = {
    teaching: await create('volunteer_skills', { title: 'Teaching' }),
    firstAid: await create('volunteer_skills', { title: 'First aid' }),
    driving: await create('volunteer_skills', { title: 'Driving' }),
    translation: await create('volunteer_skills', { title: 'Translation (Arabic/English)' }),
  };
  const volunteerNames = ['Nour Salih', 'Selma Adam', 'Yasir Bakri', 'Huda Elamin', 'Mazin Obeid'];
  let v = 0;
  for (const name of volunteerNames) {
    v += 1;
    const volunteer = await create('volunteers', {
      name,
      email: `${name.split(' ')[0].toLowerCase()}@volunteers.demo.org`,
      sex: v % 2 ? 'Female' : 'Male',
      phone_numbers: [`+249 99 200 0${v}${v}`],
      starting_date: `2025-0${v}-15`,
      status: 'Active',
      skills:
        v % 2
          ? [skills.teaching.id, skills.translation.id]
          : [skills.firstAid.id, skills.driving.id],
      availability: v % 2 ? ['Weekends'] : ['Weekday evenings', 'Remote'],
    });
    for (let k = 1; k <= 3; k++) {
      await create('volunteer_hours', {
        volunteer: volunteer.id,
        date: `2026-0${k + 2}-1${v}`,
        hours: 2 + k * 0.5,
        project: k % 2 ? water.id : literacy.id,
        activity: k % 2 ? 'Well survey' : 'Reading circle',
        note: '',
      });
    }
  }

  await create('users', {
    name: 'Fatima Board',
    email: 'fatima@demo.org',
    emailVisibility: true,
    bio: 'Board treasurer; reviews the accounts each quarter.',
    status: 'ACTIVE',
    password: built.engine.config.defaultPassword,
    passwordConfirm: built.engine.config.defaultPassword,
    roles: [roles.viewer.id],
  });
  console.log(
    `Loaded the demo organisation: ${people.length} employees (password "${password}"), ${memberNames.length} members, ${volunteerNames.length} volunteers, 1 user (default password), 5 roles, 2 projects.`,
  );
}

async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  const config = { ...readConfig(), logger: false };
  if (command !== 'seed-demo') {
    console.error('Usage: tsx src/cli.ts seed-demo');
    process.exit(2);
  }
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) =>
      console.log(
        `Created the administrator ${email}${generated ? ` with the password: ${generated}` : ''}`,
      ),
  });
  try {
    await seedDemo(built, config.adminEmail);
  } finally {
    await built.close();
  }
}

main().catch((err) => {
  if (err instanceof DirectoryLockedError) {
    // The seed writes straight into DATA_DIR's database, which the running server holds.
    console.error(
      `${err.message}\nIs the server running on this DATA_DIR? Stop the server first, run "npm run seed:demo", then start it again.`,
    );
  } else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
