import type { DemoSeed } from './demo-seed';

/** The allowances and deductions an employee's salary can carry: fixed amounts and a percentage. */
export async function seedSalaryDemo({ create }: DemoSeed): Promise<void> {
  await create('allowance_options', {
    title: 'Transport',
    calculation: 'fixed',
    amount: 40,
    description: 'Monthly transport allowance',
    active: true,
  });
  await create('allowance_options', {
    title: 'Housing',
    calculation: 'fixed',
    amount: 120,
    description: 'Monthly housing allowance',
    active: true,
  });
  await create('allowance_options', {
    title: 'Field work',
    calculation: 'percentage',
    percentage: 5,
    description: 'Five percent of the basic salary for staff working in the field',
    active: true,
  });
  await create('deduction_options', {
    title: 'Health insurance',
    calculation: 'fixed',
    amount: 15,
    description: 'Staff health insurance share',
    active: true,
  });
  await create('deduction_options', {
    title: 'Pension',
    calculation: 'percentage',
    percentage: 2.5,
    description: 'Pension contribution: 2.5% of the basic salary',
    active: true,
  });
}
