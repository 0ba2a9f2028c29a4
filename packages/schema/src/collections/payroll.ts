import type { CollectionDef } from '../collection';
import type { WorkflowDef } from '../workflow';
import { createdBy, statusReason } from './finance';

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

/**
 * draft -> approved -> paid -> reversed; an approved run may go back to draft (with a reason). Its
 * payslips and their lines change only while it is a draft.
 */
export const PAYROLL_WORKFLOW = {
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: { en: 'Draft', ar: 'مسودة' }, color: 'gray', money: 'none' },
    approved: { label: { en: 'Approved', ar: 'معتمد' }, color: 'yellow', money: 'held' },
    paid: { label: { en: 'Paid', ar: 'مدفوع' }, color: 'green', money: 'posted' },
    reversed: { label: { en: 'Reversed', ar: 'ملغى' }, color: 'grape', money: 'reversed' },
  },
  moves: [
    {
      from: 'draft',
      to: 'approved',
      label: { en: 'Approve', ar: 'اعتماد' },
      permission: 'payroll.approve',
      notCreator: true,
      confirm: true,
    },
    {
      from: 'approved',
      to: 'draft',
      label: { en: 'Back to draft', ar: 'إعادة إلى مسودة' },
      permission: 'payroll.approve',
      reason: true,
      color: 'gray',
    },
    {
      from: 'approved',
      to: 'paid',
      label: { en: 'Pay', ar: 'صرف' },
      permission: 'payroll.pay',
      confirm: true,
      // The day the salaries are paid may be set with the payment.
      with: ['pay_date'],
      color: 'green',
    },
    {
      from: 'paid',
      to: 'reversed',
      label: { en: 'Reverse', ar: 'عكس الصرف' },
      permission: 'payroll.reverse',
      confirm: true,
      color: 'grape',
    },
  ],
  editable: { draft: '*' },
  deletable: ['draft'],
  // Another month is another run: delete the draft and create it.
  fixed: ['year', 'month'],
  reasonField: 'status_reason',
  creator: 'created_by',
  amount: 'total_net',
  vault: 'vault',
  noun: { en: 'payroll run', ar: 'كشف الرواتب' },
  refresh: [
    'vaults',
    'ledger_entries',
    'payslips',
    'payslip_lines',
    'employee_advances',
    'advance_repayments',
  ],
  held: [
    // Payslips are drafted by the server with their run (no client may create one).
    { collection: 'payslips', via: ['run'], create: ['draft'], editable: {}, delete: ['draft'] },
    {
      collection: 'payslip_lines',
      via: ['payslip', 'run'],
      create: ['draft'],
      editable: {},
      delete: ['draft'],
    },
  ],
} as const satisfies WorkflowDef;

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
    // Added with the workflows: who drafted it (someone else approves it), and why it went back.
    createdBy,
    statusReason,
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
  workflow: PAYROLL_WORKFLOW,
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
