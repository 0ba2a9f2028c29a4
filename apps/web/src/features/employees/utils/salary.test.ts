// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SalaryOption } from '../types';
import { monthlySalary, resolveSalaryItems, totalOf } from './salary';

const option = (id: string, amount: number): SalaryOption =>
  ({ id, amount, title: id, description: '' }) as SalaryOption;

const options = [option('transport', 40), option('housing', 120.1), option('pension', 25.5)];

describe('salary', () => {
  it('resolves the chosen ids in order and counts the unreadable ones', () => {
    const result = resolveSalaryItems(['housing', 'gone', 'transport'], options);
    expect(result.items.map((i) => i.id)).toEqual(['housing', 'transport']);
    expect(result.unknown).toBe(1);
    expect(resolveSalaryItems(undefined, options)).toEqual({ items: [], unknown: 0 });
  });

  it('adds amounts exactly', () => {
    expect(totalOf([option('a', 0.1), option('b', 0.2)])).toBe('0.30');
    expect(totalOf([])).toBe('0.00');
  });

  it('is basic + allowances − deductions per month', () => {
    const salary = monthlySalary(
      1500,
      resolveSalaryItems(['transport', 'housing'], options),
      resolveSalaryItems(['pension'], options),
    );
    expect(salary).toEqual({
      basic: '1500.00',
      allowances: '160.10',
      deductions: '25.50',
      total: '1634.60',
    });
  });

  it('works with nothing chosen and no basic salary', () => {
    const none = resolveSalaryItems([], options);
    expect(monthlySalary(null, none, none).total).toBe('0.00');
  });

  it('gives no total while an item cannot be read', () => {
    const salary = monthlySalary(
      100,
      resolveSalaryItems(['gone'], options),
      resolveSalaryItems([], options),
    );
    expect(salary.total).toBeNull();
  });
});
