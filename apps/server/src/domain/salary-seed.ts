import type { DemoSeed } from './demo-seed';

/** The allowances and deductions an employee's salary can carry. */
export async function seedSalaryDemo({ create }: DemoSeed): Promise<void> {
  await create('allowance_options', {
    title: 'Transport',
    amount: 40,
    description: 'Monthly transport allowance',
  });
  await create('allowance_options', {
    title: 'Housing',
    amount: 120,
    description: 'Monthly housing allowance',
  });
  await create('deduction_options', {
    title: 'Health insurance',
    amount: 15,
    description: 'Staff health insurance share',
  });
  await create('deduction_options', {
    title: 'Pension',
    amount: 25.5,
    description: 'Pension contribution',
  });
}
