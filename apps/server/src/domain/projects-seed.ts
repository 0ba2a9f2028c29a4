import type { DemoSeed } from './demo-seed';

/** Three projects with their activities; staff and committees come after HR (seedProjectTeamsDemo). */
export async function seedProjectsDemo({ create, count }: DemoSeed): Promise<void> {
  const water = await create('projects', {
    title: 'Clean water for Kassala villages',
    place: 'Kassala',
    starting_date: '2026-02-01',
    end_date: '2026-12-31',
    status: 'Active',
    details: '<p>Rehabilitating wells and training water committees in twelve villages.</p>',
    objectives: '<ul><li>12 wells repaired</li><li>24 committee members trained</li></ul>',
    targeted_groups: '<p>About 9,000 villagers, women and children first.</p>',
    context_dependant_topics: '<p>Dry season from March to June; roads close in August.</p>',
  });
  const literacy = await create('projects', {
    title: 'Adult literacy circles',
    place: 'Omdurman',
    starting_date: '2026-01-15',
    end_date: '2026-09-30',
    status: 'Active',
    details: '<p>Evening reading circles for women in three neighbourhoods.</p>',
    objectives: '<p>120 women reading and writing by the end of the project.</p>',
  });
  const health = await create('projects', {
    title: 'Mobile health days',
    place: 'White Nile',
    starting_date: '2027-01-10',
    end_date: '2027-06-30',
    details: '<p>Monthly health days with vaccination and nutrition screening.</p>',
  });

  const activities = [
    [water.id, 'Well assessment visit', 'Wad Sharifey', '2026-02-10', '2026-02-14', 35],
    [water.id, 'Water committee training', 'Kassala town', '2026-03-02', '2026-03-05', 24],
    [water.id, 'Hygiene awareness day', 'Girba', '2026-04-18', '2026-04-18', 180],
    [literacy.id, 'Facilitator workshop', 'Omdurman', '2026-01-20', '2026-01-22', 12],
    [literacy.id, 'First reading circle', 'Al Thawra', '2026-02-01', '2026-05-31', 40],
    [health.id, 'Planning meeting with the ministry', 'Kosti', '2027-01-12', '2027-01-12', 8],
  ] as const;
  for (const [project, title, place, start, end, audience] of activities)
    await create('projects_activities', {
      project,
      title,
      place,
      starting_date: start,
      end_date: end,
      audience_count: audience,
      description: `<p>${title} in ${place}.</p>`,
      partners: '<p>Local committee</p>',
      challenges: '<p>Transport</p>',
      lessons: '<p>Book vehicles a week ahead.</p>',
    });

  const kickoff = await create('projects_timelines', {
    project: water.id,
    title: 'Kick-off',
    post: '<p>The team met the village committees; assessments start next week.</p>',
  });
  await create('projects_timelines', {
    project: water.id,
    reply_to: kickoff.id,
    post: '<p>Vehicles are booked.</p>',
  });
  await create('projects_timelines', {
    project: literacy.id,
    title: 'Facilitators chosen',
    post: '<p>Six facilitators accepted; training on the 20th.</p>',
  });
  count('projects', 3);
  count('activities', activities.length);
}

/** Managers, staff and committees of the demo projects: runs after HR made the people. */
export async function seedProjectTeamsDemo({ create, update, idOf }: DemoSeed): Promise<void> {
  const water = await idOf('projects', 'title', 'Clean water for Kassala villages');
  const literacy = await idOf('projects', 'title', 'Adult literacy circles');
  const health = await idOf('projects', 'title', 'Mobile health days');
  const yousif = await idOf('employees', 'email', 'yousif@demo.org');
  const mariam = await idOf('employees', 'email', 'mariam@demo.org');
  const sara = await idOf('employees', 'email', 'sara@demo.org');
  const amna = await idOf('employees', 'email', 'amna@demo.org');
  const member = await idOf('members', 'name', 'Tarig Hamid');

  await update('projects', water, { manager: yousif });
  await update('projects', literacy, { manager: mariam });
  await update('projects', health, { manager: yousif });

  await create('projects_staff', {
    project: water,
    type: 'employee',
    employee: yousif,
    position: 'Project coordinator',
    description: 'Plans the visits and reports monthly.',
  });
  await create('projects_staff', {
    project: water,
    type: 'member',
    member,
    position: 'Volunteer engineer',
    description: 'Checks the repaired wells.',
  });
  await create('projects_staff', {
    project: literacy,
    type: 'employee',
    employee: mariam,
    position: 'Project coordinator',
  });
  const training = await idOf('projects_activities', 'title', 'Water committee training');
  await create('activities_staff', {
    activity: training,
    type: 'employee',
    employee: yousif,
    position: 'Trainer',
  });
  await create('activities_timelines', {
    activity: training,
    title: 'Materials printed',
    post: '<p>Forty booklets are ready.</p>',
  });

  for (const project of [water, literacy, health]) {
    await create('project_financial_committees', {
      project,
      employee: sara,
      can_create: true,
      can_update_status: true,
    });
    await create('project_financial_committees', {
      project,
      employee: amna,
      can_create: false,
      can_update_status: true,
    });
    await create('project_purchases_committees', {
      project,
      employee: sara,
      can_create: true,
      can_update_status: false,
    });
  }
}
