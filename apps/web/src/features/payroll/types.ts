import { PAYROLL_WORKFLOW } from '@app/schema';
import type {
  allowanceOptions,
  CollectionDef,
  payrollRuns,
  payslipLines,
  payslips,
  RecordOf,
} from '@app/schema';
import type { RecordModel } from 'pocketbase';

export const ALLOWANCE_OPTIONS = 'allowance_options';
export const DEDUCTION_OPTIONS = 'deduction_options';
export const PAYROLL_RUNS = 'payroll_runs';
export const PAYSLIPS = 'payslips';
export const PAYSLIP_LINES = 'payslip_lines';

/**
 * A run's figures move with its payslips and lines; paying moves vaults and advances: what its
 * workflow declares a move refreshes.
 */
export const PAYROLL_MOVES: readonly string[] = [PAYROLL_RUNS, ...PAYROLL_WORKFLOW.refresh];

type Rec<C extends CollectionDef> = RecordModel & RecordOf<C>;
type Named = { title?: string; name?: string };

/** Allowance and deduction options share one shape. */
export type SalaryOptionRecord = Rec<typeof allowanceOptions>;
export type PayrollRunRecord = Rec<typeof payrollRuns> & { expand?: { vault?: Named } };
export type PayslipRecord = Rec<typeof payslips> & { expand?: { employee?: Named } };
export type PayslipLineRecord = Rec<typeof payslipLines>;

/** GET /api/payroll/register: the salary register of a month. */
export type SalaryRegister = {
  year: number;
  month: number;
  run: { id: string; status: string; vault: string; pay_date: string } | null;
  components: { key: string; kind: 'allowance' | 'deduction' | 'advance'; title: string }[];
  rows: (RegisterFigures & { payslip: string; employee: string; name: string })[];
  totals: RegisterFigures;
};
export type RegisterFigures = {
  basic_salary: number;
  components: Record<string, number>;
  total_allowances: number;
  total_deductions: number;
  total_advances: number;
  net_pay: number;
};
