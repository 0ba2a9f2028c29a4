import type { DemoSeed } from './demo-seed';

/**
 * Two paid months of payroll (April and May 2026) for the demo employees, from the main vault
 * topped up by a core-funding donation; Sara's advance instalments are withheld from both.
 * June is left as a draft to work on.
 */
export async function seedPayrollDemo(seed: DemoSeed): Promise<void> {
  const { create, update, idOf, count } = seed;
  // Khalid (HR officer) drafts the runs, Amna (executive director) approves them and Sara
  // (finance officer) pays them: three people, none approving what they drafted.
  const hr = await seed.as('khalid@demo.org');
  const director = await seed.as('amna@demo.org');
  const officer = await seed.as('sara@demo.org');
  const main = await idOf('vaults', 'title', 'Main vault');
  const khalid = await idOf('employees', 'email', 'khalid@demo.org');
  const fieldWork = await idOf('allowance_options', 'title', 'Field work');
  const transport = await idOf('allowance_options', 'title', 'Transport');
  await update('employees', khalid, { allowances: [transport, fieldWork] });
  await create('donations', {
    donor: 'Core funding partners',
    amount: 30000,
    received_on: '2026-04-01',
    vault: main,
    statement: 'Core funding: staff salaries',
  });
  for (const month of [4, 5]) {
    const run = await hr.create('payroll_runs', {
      year: 2026,
      month,
      vault: main,
      notes: 'Monthly salaries',
    });
    await director.update('payroll_runs', run.id, { status: 'approved' });
    await officer.update('payroll_runs', run.id, {
      status: 'paid',
      pay_date: `2026-0${month}-28`,
    });
  }
  await hr.create('payroll_runs', {
    year: 2026,
    month: 6,
    vault: main,
    notes: 'Monthly salaries',
  });
  count('payroll runs', 3);
}
