import type { DemoSeed } from './demo-seed';

/**
 * The demo organisation's money: a main vault, a bank account and a cash box (each project got
 * its vault when it was created), donations, two grants with deadlines, expenses in every state,
 * assets, and advances. Everything goes through the engine, so the ledger holds the entries.
 * Sara (finance officer) records the expenses and advances and pays them; Amna (executive
 * director) approves them.
 */
export async function seedFinanceDemo(seed: DemoSeed): Promise<void> {
  const { create, update, idOf, count } = seed;
  // Separation of duties: the finance officer records and pays, the director approves.
  const officer = await seed.as('sara@demo.org');
  const director = await seed.as('amna@demo.org');
  const water = await idOf('projects', 'title', 'Clean water for Kassala villages');
  const literacy = await idOf('projects', 'title', 'Adult literacy circles');
  const khalid = await idOf('employees', 'email', 'khalid@demo.org');
  const sara = await idOf('employees', 'email', 'sara@demo.org');

  const main = await create('vaults', {
    title: 'Main vault',
    kind: 'main',
    currency: 'USD',
    active: true,
  });
  const bank = await create('vaults', {
    title: 'Bank of Khartoum account',
    kind: 'bank',
    currency: 'USD',
    active: true,
  });
  const cash = await create('vaults', {
    title: 'Office cash box',
    kind: 'cash',
    currency: 'USD',
    active: true,
    float_limit: 2000,
  });

  const wells = await create('grants', {
    donor: 'Nile Water Foundation',
    title: 'Village wells rehabilitation',
    contract_number: 'NWF-2026-014',
    requested_amount: 60000,
    awarded_amount: 45000,
    period_start: '2026-02-01',
    period_end: '2026-12-31',
    project: water,
    status: 'awarded',
  });
  await create('grant_deadlines', {
    grant: wells.id,
    kind: 'interim_report',
    due_on: '2026-12-15',
  });
  await create('grant_deadlines', { grant: wells.id, kind: 'final_report', due_on: '2027-02-28' });
  await create('grant_tranches', { grant: wells.id, amount: 25000, expected_on: '2026-02-15' });
  await create('grant_tranches', { grant: wells.id, amount: 20000, expected_on: '2026-08-15' });
  const reading = await create('grants', {
    donor: 'Open Pages Trust',
    title: 'Literacy circles, second year',
    requested_amount: 18000,
    period_start: '2027-01-01',
    period_end: '2027-12-31',
    project: literacy,
    status: 'applied',
  });
  await create('grant_deadlines', {
    grant: reading.id,
    kind: 'loi',
    due_on: '2026-10-01',
    done: true,
  });
  await create('grant_deadlines', { grant: reading.id, kind: 'application', due_on: '2027-01-20' });

  await create('donations', {
    donor: 'Friends of Kassala',
    receipt_number: 'R-2026-0014',
    amount: 12000,
    received_on: '2026-01-20',
    vault: main.id,
    statement: 'Annual appeal',
  });
  await create('donations', {
    donor: 'Nile Water Foundation',
    receipt_number: 'R-2026-0031',
    amount: 25000,
    transaction_fees: 37.5,
    received_on: '2026-02-16',
    vault: bank.id,
    grant: wells.id,
    project: water,
    statement: 'First tranche',
  });
  await create('donations', {
    donor: 'Local traders',
    amount: 3500,
    received_on: '2026-03-02',
    project: literacy,
    statement: 'For reading materials',
  });
  await create('vault_transfers', {
    from_vault: main.id,
    to_vault: cash.id,
    amount: 1500,
    date: '2026-03-05',
    statement: 'Petty cash for March',
  });

  const expense = (data: Record<string, unknown>) =>
    officer.create('expenses', { category: 'Programme', ...data });
  await expense({
    beneficiary: 'Kassala Hardware',
    amount: 840,
    date: '2026-03-10',
    vault: bank.id,
    project: water,
    grant: wells.id,
    statement: 'Pump spare parts',
  });
  const approved = await expense({
    beneficiary: 'Desert Trucks Ltd',
    amount: 1200,
    date: '2026-03-12',
    vault: bank.id,
    project: water,
    grant: wells.id,
    statement: 'Transport of pipes',
  });
  await director.update('expenses', approved.id, { status: 'approved' });
  const paid = await expense({
    beneficiary: 'Well drilling co-op',
    amount: 6400,
    date: '2026-03-15',
    vault: bank.id,
    project: water,
    grant: wells.id,
    statement: 'Two wells deepened',
  });
  await director.update('expenses', paid.id, { status: 'approved' });
  await officer.update('expenses', paid.id, { status: 'paid' });
  const office = await expense({
    beneficiary: 'Stationery shop',
    amount: 96.4,
    date: '2026-03-18',
    vault: cash.id,
    category: 'Office',
    statement: 'Paper and pens',
  });
  await director.update('expenses', office.id, { status: 'approved' });
  await officer.update('expenses', office.id, { status: 'paid' });
  const declined = await expense({
    beneficiary: 'Event hall',
    amount: 2500,
    date: '2026-03-20',
    vault: main.id,
    category: 'Events',
    statement: 'Gala dinner',
  });
  await director.update('expenses', declined.id, { status: 'declined' });
  const reversed = await expense({
    beneficiary: 'Printing house',
    amount: 310,
    date: '2026-03-22',
    vault: main.id,
    category: 'Office',
    statement: 'Paid twice by mistake',
  });
  await director.update('expenses', reversed.id, { status: 'approved' });
  await officer.update('expenses', reversed.id, { status: 'paid' });
  await officer.update('expenses', reversed.id, { status: 'reversed' });

  await create('cash_counts', {
    vault: cash.id,
    counted: 1400,
    date: '2026-03-31',
    reason: 'Taxi fares without receipts',
  });

  await create('assets', {
    title: 'Toyota Land Cruiser',
    category: 'Vehicles',
    purchase_date: '2024-06-01',
    price: 52000,
    bill_number: 'INV-88120',
    custodian: khalid,
    location: 'Kassala office',
    status: 'Second',
    depreciation_method: 'straight_line',
    useful_life_years: 5,
    salvage_value: 7000,
  });
  await create('assets', {
    title: 'Office laptops (4)',
    category: 'IT equipment',
    purchase_date: '2025-09-10',
    price: 4800,
    location: 'Khartoum office',
    status: 'New',
    depreciation_method: 'declining_balance',
    declining_rate: 40,
    useful_life_years: 4,
  });
  await create('assets', {
    title: 'Old generator',
    category: 'Equipment',
    purchase_date: '2019-01-15',
    price: 3000,
    status: 'Eliminated',
    depreciation_method: 'straight_line',
    useful_life_years: 8,
    opening_accumulated: 1000,
    elimination_date: '2026-02-01',
    elimination_reason: 'Beyond repair',
  });

  const advance = await officer.create('employee_advances', {
    employee: sara,
    amount: 600,
    monthly_deduction: 100,
    purpose: 'School fees',
    date: '2026-03-01',
    vault: main.id,
  });
  await director.update('employee_advances', advance.id, { status: 'approved' });
  // Sara's own advance: paid by the administrator rather than by herself.
  await update('employee_advances', advance.id, { status: 'paid' });
  await create('advance_repayments', {
    advance: advance.id,
    amount: 100,
    date: '2026-03-31',
    source: 'manual',
    statement: 'March',
  });
  await officer.create('employee_advances', {
    employee: khalid,
    amount: 300,
    monthly_deduction: 50,
    purpose: 'Medical bill',
    date: '2026-03-25',
    vault: main.id,
  });

  count('vaults', 3);
  count('donations', 3);
  count('expenses', 6);
}
