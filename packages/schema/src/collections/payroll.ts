import type { CollectionDef } from '../collection';

/**
 * Monthly payroll. A run drafts one payslip per active employee; each payslip's figures are its
 * lines (basic salary aside): allowances, deductions and advance instalments, each naming where it
 * came from. A run is paid from one vault through the ledger and can be reversed, never edited.
 */

/** draft -> approved -> paid -> reversed (approved may go back to draft). */
export const PAYROLL_RUN_STATUSES = ['draft', 'approved', 'paid', 'reversed'] as const;
export const PAYSLIP_LINE_KINDS = ['allowance', 'deduction', 'advance'] as const;
/** option: from the salary settings; advance: an open advance's instalment; adhoc: added by hand. */
export const PAYSLIP_LINE_SOURCES = ['option', 'advance', 'adhoc'] as const;

const salary = 'employees.read_salary' as const;
const money = (name: string) =>
  ({ name, type: 'number', money: true, readOnly: true, permission: salary }) as const;

export const payrollRuns = {
  name: 'payroll_runs',
  auditTitle: '{month}/{year}',
  type: 'base',
  label: 'Payroll runs',
  fields: [
    { name: 'year', type: 'number', onlyInt: true, required: true, min: 2000, max: 2100 },
    { name: 'month', type: 'number', onlyInt: true, required: true, min: 1, max: 12 },
    {
      name: 'vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    // Moved by updating it; each move is checked (and the money moved) by the server.
    { name: 'status', type: 'select', values: PAYROLL_RUN_STATUSES, maxSelect: 1 },
    // The day the salaries are paid (the ledger entry's date); today when left empty.
    { name: 'pay_date', type: 'date' },
    { name: 'notes', type: 'text', max: 2000 },
    { name: 'payslips_count', type: 'number', onlyInt: true, readOnly: true },
    money('total_basic'),
    money('total_allowances'),
    money('total_deductions'),
    money('total_advances'),
    money('total_net'),
    { name: 'payment_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    { name: 'reversal_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
  ],
  indexes: [{ columns: ['year', 'month'] }, { columns: ['status'] }],
  access: {
    list: { permission: 'payroll.read' },
    view: { permission: 'payroll.read' },
    create: { permission: 'payroll.create' },
    update: { permission: 'payroll.update' },
    delete: { permission: 'payroll.remove' },
  },
  audit: ['finance', 'payroll'],
} as const satisfies CollectionDef;

export const payslips = {
  name: 'payslips',
  auditTitle: '{employee} · {month}/{year}',
  type: 'base',
  label: 'Payslips',
  // An employee sees their own payslips, figures included.
  owner: 'employee',
  fields: [
    {
      name: 'run',
      type: 'relation',
      collection: 'payroll_runs',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    {
      name: 'employee',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    // Copies of the run's month, so an employee's history reads without the run.
    { name: 'year', type: 'number', onlyInt: true, readOnly: true },
    { name: 'month', type: 'number', onlyInt: true, readOnly: true },
    money('basic_salary'),
    money('total_allowances'),
    money('total_deductions'),
    money('total_advances'),
    money('net_pay'),
  ],
  indexes: [{ columns: ['run', 'employee'], unique: true }, { columns: ['employee'] }],
  access: {
    list: { permission: 'payroll.read', ownRule: 'employee = @request.auth.id' },
    view: { permission: 'payroll.read', ownRule: 'employee = @request.auth.id' },
    // Drafted by the server with the run; a draft's payslip may be taken out of it.
    create: null,
    update: null,
    delete: { permission: 'payroll.update' },
  },
  audit: ['finance', 'payroll'],
  heldBy: 'run',
} as const satisfies CollectionDef;

export const payslipLines = {
  name: 'payslip_lines',
  type: 'base',
  label: 'Payslip lines',
  owner: 'employee',
  fields: [
    {
      name: 'payslip',
      type: 'relation',
      collection: 'payslips',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // The payslip's employee, set by the server (who may see the line's amount).
    { name: 'employee', type: 'relation', collection: 'employees', maxSelect: 1, readOnly: true },
    { name: 'kind', type: 'select', values: PAYSLIP_LINE_KINDS, maxSelect: 1, required: true },
    { name: 'source', type: 'select', values: PAYSLIP_LINE_SOURCES, maxSelect: 1, readOnly: true },
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    // Required by the server (not declared so: only who reads salaries can set it, see the hooks).
    { name: 'amount', type: 'number', money: true, min: 0.01, permission: salary },
    // For a percentage option: the percentage applied to the basic salary.
    { name: 'percentage', type: 'number', readOnly: true },
    { name: 'allowance_option', type: 'relation', collection: 'allowance_options', readOnly: true },
    { name: 'deduction_option', type: 'relation', collection: 'deduction_options', readOnly: true },
    { name: 'advance', type: 'relation', collection: 'employee_advances', readOnly: true },
  ],
  indexes: [{ columns: ['payslip'] }, { columns: ['advance'] }],
  access: {
    list: { permission: 'payroll.read', ownRule: 'employee = @request.auth.id' },
    view: { permission: 'payroll.read', ownRule: 'employee = @request.auth.id' },
    // Ad-hoc lines (a bonus, a penalty) while the run is a draft.
    create: { permission: 'payroll.update' },
    update: null,
    delete: { permission: 'payroll.update' },
  },
  audit: ['finance', 'payroll'],
} as const satisfies CollectionDef;
