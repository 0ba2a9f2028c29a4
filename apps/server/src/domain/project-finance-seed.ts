import type { DemoFiles, DemoSeed } from './demo-seed';

/** A one-page PDF standing in for a scanned bill. */
function billPdf(name: string): DemoFiles[string] {
  const text = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return [{ filename: name, data: Buffer.from(text, 'latin1') }];
}

/**
 * The demo projects' money: budget lines, donations into their vaults, and requests and
 * purchases in every status, made and decided by the committee members (Sara creates and
 * decides, Amna decides, Yousif may only create), so holds, payments and notifications come
 * from the same rules as in use.
 */
export async function seedProjectFinanceDemo(seed: DemoSeed): Promise<void> {
  const { create, idOf, count } = seed;
  const water = await idOf('projects', 'title', 'Clean water for Kassala villages');
  const literacy = await idOf('projects', 'title', 'Adult literacy circles');
  const health = await idOf('projects', 'title', 'Mobile health days');
  const amnaId = await idOf('employees', 'email', 'amna@demo.org');
  const yousifId = await idOf('employees', 'email', 'yousif@demo.org');

  // Who decides purchases, and a member who may only ask.
  for (const project of [water, literacy, health])
    await create('project_purchases_committees', {
      project,
      employee: amnaId,
      can_create: false,
      can_update_status: true,
    });
  await create('project_financial_committees', {
    project: water,
    employee: yousifId,
    can_create: true,
    can_update_status: false,
  });

  const line = async (project: string, title: string, budget: number) =>
    (await create('project_budget_lines', { project, title, budget })).id;
  const wells = await line(water, 'Well repairs', 30000);
  const trainingLine = await line(water, 'Committee training', 8000);
  await line(water, 'Transport', 4000);
  const facilitators = await line(literacy, 'Facilitators', 6000);
  const books = await line(literacy, 'Books and materials', 2500);
  await line(health, 'Vaccine cold chain', 12000);
  await line(health, 'Clinic supplies', 5000);

  const donations = [
    [water, 'Kassala water fund', 40000, 120, '2026-02-03'],
    [water, 'Diaspora appeal', 3500, 35, '2026-03-15'],
    [literacy, 'Community reading fund', 9000, 0, '2026-01-18'],
    [health, 'Health partners consortium', 15000, 50, '2026-10-01'],
  ] as const;
  for (const [project, donor, amount, fees, date] of donations)
    await create('donations', {
      project,
      donor,
      amount,
      transaction_fees: fees,
      received_on: date,
      statement: 'Transfer to the project account',
    });

  // An activity's own money, booked in its project's vault.
  const training = await idOf('projects_activities', 'title', 'Water committee training');
  await create('donations', {
    activity: training,
    donor: 'Kassala municipality',
    amount: 500,
    received_on: '2026-03-01',
    statement: 'Support for the committee training',
  });
  const vaultOfWater = await idOf('vaults', 'project', water);
  const sara = await seed.as('sara@demo.org');
  // Recorded and paid by the finance officer, approved by the director.
  const caterer = await sara.create('expenses', {
    activity: training,
    vault: vaultOfWater,
    beneficiary: 'Kassala caterers',
    amount: 180,
    date: '2026-03-05',
    statement: 'Lunches, four days',
  });
  await (await seed.as('amna@demo.org')).update('expenses', caterer.id, { status: 'approved' });
  await sara.update('expenses', caterer.id, { status: 'paid' });

  const amna = await seed.as('amna@demo.org');
  const yousif = await seed.as('yousif@demo.org');

  // Paid: two items in two currencies, approved, billed, bills approved.
  const pumps = await sara.create('financial_requests', {
    project: water,
    title: 'Pump parts for Wad Sharifey',
    details: '<p>Seals and pipes for the three wells assessed in February.</p>',
  });
  await sara.create('financial_request_items', {
    financial_request: pumps.id,
    budget_line: wells,
    title: 'Pump seals',
    quantity: 4,
    currency: 'USD',
    unit_price: 150,
    exchange_rate: 1,
    store_name: 'Kassala Hardware',
  });
  await sara.create('financial_request_items', {
    financial_request: pumps.id,
    budget_line: wells,
    title: 'Galvanised pipes',
    quantity: 20,
    currency: 'SDG',
    unit_price: 2400,
    exchange_rate: 600,
    store_name: 'Al Amal Pipes',
    store_address: 'Souq Kassala',
  });
  await sara.create('financial_request_comments', {
    request: pumps.id,
    stage: 'REVIEW',
    comment: '<p>Two quotes compared; the cheaper one is listed.</p>',
  });
  await amna.update('financial_requests', pumps.id, { status: 'APPROVED' });
  await amna.create('financial_request_comments', {
    request: pumps.id,
    stage: 'APPROVAL',
    comment: '<p>Approved within the well repairs line.</p>',
  });
  await sara.update('financial_requests', pumps.id, {}, { bills: billPdf('pump-parts-bill.pdf') });
  await amna.update('financial_requests', pumps.id, { status: 'BILL_APPROVED' });

  // On hold: approved, waiting for its bills.
  const hall = await yousif.create('financial_requests', {
    project: water,
    title: 'Training hall and lunches',
    details: '<p>Two days of training for the water committees.</p>',
  });
  await yousif.create('financial_request_items', {
    financial_request: hall.id,
    budget_line: trainingLine,
    title: 'Hall rent, two days',
    quantity: 2,
    currency: 'EUR',
    unit_price: 180,
    exchange_rate: 0.9,
  });
  await sara.update('financial_requests', hall.id, { status: 'APPROVED' });

  // Waiting for the committee.
  const fuel = await sara.create('financial_requests', {
    project: water,
    title: 'Fuel for the assessment trips',
  });
  await sara.create('financial_request_items', {
    financial_request: fuel.id,
    budget_line: trainingLine,
    title: 'Diesel',
    quantity: 120,
    currency: 'USD',
    unit_price: 1.1,
    exchange_rate: 1,
  });

  // Declined.
  const car = await sara.create('financial_requests', {
    project: water,
    title: 'Second-hand pickup',
  });
  await sara.create('financial_request_items', {
    financial_request: car.id,
    budget_line: wells,
    title: 'Pickup truck',
    quantity: 1,
    currency: 'USD',
    unit_price: 9000,
    exchange_rate: 1,
  });
  await amna.update('financial_requests', car.id, { status: 'DECLINED' });
  await amna.create('financial_request_comments', {
    request: car.id,
    stage: 'APPROVAL',
    comment: '<p>Renting is cheaper for the months left.</p>',
  });

  // Literacy: books approved, facilitators pending.
  const reading = await sara.create('financial_requests', {
    project: literacy,
    title: 'Reading books for the circles',
  });
  await sara.create('financial_request_items', {
    financial_request: reading.id,
    budget_line: books,
    title: 'Primers',
    quantity: 120,
    currency: 'USD',
    unit_price: 6.5,
    exchange_rate: 1,
  });
  await amna.update('financial_requests', reading.id, { status: 'APPROVED' });
  const stipends = await sara.create('financial_requests', {
    project: literacy,
    title: 'Facilitator stipends, March',
  });
  await sara.create('financial_request_items', {
    financial_request: stipends.id,
    budget_line: facilitators,
    title: 'Stipends',
    quantity: 6,
    currency: 'USD',
    unit_price: 80,
    exchange_rate: 1,
  });

  // Purchases: one paid, one waiting.
  const generator = await sara.create('purchases', {
    project: water,
    title: 'Portable generator',
    price: 1200,
    details: '<p>For the pump tests at the wells.</p>',
  });
  await amna.update('purchases', generator.id, { status: 'APPROVED' });
  await sara.update('purchases', generator.id, {}, { bills: billPdf('generator-invoice.pdf') });
  await amna.update('purchases', generator.id, { status: 'BILL_APPROVED' });
  await amna.create('purchase_comments', {
    purchase: generator.id,
    stage: 'BILL_APPROVAL',
    comment: '<p>Invoice matches the quote.</p>',
  });
  await sara.create('purchases', { project: literacy, title: 'Whiteboards', price: 240 });

  const checks = [
    [water, 'Kassala Hardware', 'CHK-004512', 'Bank of Khartoum / Kassala', 600, '2026-03-20'],
    [water, 'Al Amal Pipes', 'CHK-004513', 'Bank of Khartoum / Kassala', 80, '2026-03-21'],
    [
      literacy,
      'Omdurman Print House',
      'CHK-110208',
      'Faisal Islamic Bank / Omdurman',
      780,
      '2026-02-10',
    ],
  ] as const;
  for (const [project, beneficiary, serial, branch, amount, date] of checks)
    await create('bank_checks', {
      project,
      beneficiary,
      serial_number: serial,
      branch,
      amount,
      date,
    });

  count('budget lines', 7);
  count('financial requests', 6);
  count('purchases', 2);
}
