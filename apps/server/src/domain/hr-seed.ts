import { DEMO_PASSWORD, type Created, type DemoSeed } from './demo-seed';

/**
 * HR settings, six employees (one per demo role) with tasks, and members and volunteers with
 * dues and hours, so totals, paid-until dates and "Lapsed" show.
 */
export async function seedHrDemo({ create, idOf, account, count }: DemoSeed): Promise<void> {
  const roles = {
    hr: await idOf('roles', 'title', 'HR officer'),
    finance: await idOf('roles', 'title', 'Finance officer'),
    projects: await idOf('roles', 'title', 'Project manager'),
    web: await idOf('roles', 'title', 'Web editor'),
    director: await idOf('roles', 'title', 'Executive director'),
  };
  const water = await idOf('projects', 'title', 'Clean water for Kassala villages');
  const literacy = await idOf('projects', 'title', 'Adult literacy circles');
  const transport = await idOf('allowance_options', 'title', 'Transport');
  const housing = await idOf('allowance_options', 'title', 'Housing');
  const insurance = await idOf('deduction_options', 'title', 'Health insurance');
  const pension = await idOf('deduction_options', 'title', 'Pension');

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

  const password = DEMO_PASSWORD;
  const people = [
    {
      name: 'Amna Hassan',
      email: 'amna@demo.org',
      sex: 'Female',
      section: sections.director,
      position: positions.director,
      role: roles.director,
      roleTitle: 'Executive director',
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
      roleTitle: 'HR officer',
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
      roleTitle: 'Finance officer',
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
      roleTitle: 'Project manager',
      salary: 1300,
      project: water,
    },
    {
      name: 'Mariam Ahmed',
      email: 'mariam@demo.org',
      sex: 'Female',
      section: sections.projects,
      position: positions.coordinator,
      role: roles.projects,
      roleTitle: 'Project manager',
      salary: 1250,
      project: literacy,
    },
    {
      name: 'Omer Saeed',
      email: 'omer@demo.org',
      sex: 'Male',
      section: sections.media,
      position: positions.media,
      role: roles.web,
      roleTitle: 'Web editor',
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
      allowances: i % 2 ? [transport, housing] : [transport],
      deductions: [insurance, pension],
      roles: [p.role],
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
  for (const p of people) account({ email: p.email, password, note: `employee (${p.roleTitle})` });
  count('employees', people.length);
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
        project: k % 2 ? water : literacy,
        activity: k % 2 ? 'Well survey' : 'Reading circle',
        note: '',
      });
    }
  }
  count('members', memberNames.length);
  count('volunteers', volunteerNames.length);
}
