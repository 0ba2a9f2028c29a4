/** Salary figures: exact sums in minor units (never floats), from the chosen options. */
import { addMoney, fromMinorUnits, type MoneyInput } from '@/lib/format/money';
import type { SalaryOption } from '../types';

export type SalaryItems = {
  /** The chosen options that could be read, in the chosen order. */
  items: SalaryOption[];
  /** How many chosen ids could not be read (deleted, or the account may not read them). */
  unknown: number;
};

/** The options behind the chosen ids. */
export function resolveSalaryItems(
  ids: readonly string[] | null | undefined,
  options: readonly SalaryOption[],
): SalaryItems {
  const byId = new Map(options.map((o) => [o.id, o]));
  const items: SalaryOption[] = [];
  let unknown = 0;
  for (const id of ids ?? []) {
    const option = byId.get(id);
    if (option) items.push(option);
    else unknown += 1;
  }
  return { items, unknown };
}

type Valued = { amount: MoneyInput; calculation?: string; percentage?: number };

/**
 * What an option adds or takes a month, in minor units: its fixed amount, or its percentage of
 * the basic salary rounded half up to the cent (as the payroll computes it on the server).
 */
export function monthlyMinor(item: Valued, basic: MoneyInput): number {
  if (item.calculation !== 'percentage') return addMoney(item.amount);
  return Math.round((addMoney(basic) * Number(item.percentage ?? 0)) / 100);
}

/** The sum of the items' monthly values, as a decimal string with two places. */
export function totalOf(items: readonly Valued[], basic: MoneyInput = 0): string {
  return fromMinorUnits(items.reduce((sum, i) => sum + monthlyMinor(i, basic), 0));
}

export type MonthlySalary = {
  basic: string;
  allowances: string;
  deductions: string;
  /** basic + allowances − deductions; null while an item is unknown (the total would be wrong). */
  total: string | null;
};

/** The monthly salary: basic + fixed allowances − fixed deductions. */
export function monthlySalary(
  basic: MoneyInput,
  allowances: SalaryItems,
  deductions: SalaryItems,
): MonthlySalary {
  const basicMinor = addMoney(basic);
  const allowancesMinor = allowances.items.reduce((sum, i) => sum + monthlyMinor(i, basic), 0);
  const deductionsMinor = deductions.items.reduce((sum, i) => sum + monthlyMinor(i, basic), 0);
  const complete = allowances.unknown === 0 && deductions.unknown === 0;
  return {
    basic: fromMinorUnits(basicMinor),
    allowances: fromMinorUnits(allowancesMinor),
    deductions: fromMinorUnits(deductionsMinor),
    total: complete ? fromMinorUnits(basicMinor + allowancesMinor - deductionsMinor) : null,
  };
}
