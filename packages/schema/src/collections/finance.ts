import type { CollectionDef } from '../collection';
import type { WorkflowDef } from '../workflow';

/**
 * Organisation finance on a ledger. Every money movement is a row of `ledger_entries`, written by
 * the server in the same transaction as the record that moves the money (a donation, a transfer,
 * a paid expense, …); a vault's `balance` is the sum of its entries and never goes below zero.
 */

export const VAULT_KINDS = ['main', 'project', 'bank', 'cash'] as const;

/** What moved the money; `source_collection` + `source_id` name the record. */
export const LEDGER_ENTRY_KINDS = [
  'donation',
  'donation_fee',
  'transfer',
  'cash_adjustment',
  'expense',
  'expense_reversal',
  'advance',
  'advance_repayment',
  'correction',
  'salary',
  'salary_reversal',
] as const;

export const EXPENSE_STATUSES = ['pending', 'approved', 'paid', 'declined', 'reversed'] as const;
export const ADVANCE_STATUSES = [
  'requested',
  'approved',
  'paid',
  'partly_repaid',
  'repaid',
  'declined',
] as const;
export const GRANT_STATUSES = ['draft', 'applied', 'awarded', 'rejected', 'closed'] as const;
export const GRANT_DEADLINE_KINDS = [
  'loi',
  'application',
  'interim_report',
  'final_report',
] as const;
export const ASSET_STATUSES = ['New', 'Second', 'Eliminated'] as const;
export const DEPRECIATION_METHODS = ['none', 'straight_line', 'declining_balance'] as const;
export const REPAYMENT_SOURCES = ['manual', 'payroll'] as const;

const access = (group: 'vaults' | 'donations' | 'grants' | 'expenses' | 'assets' | 'advances') =>
  ({
    list: { permission: `${group}.read` },
    view: { permission: `${group}.read` },
    create: { permission: `${group}.create` },
    update: { permission: `${group}.update` },
    delete: { permission: `${group}.remove` },
  }) as const;

/**
 * Who recorded a record that moves money: the id of the employee or user who created it, set by
 * the server. Separation of duties compares it with whoever approves.
 */
export const createdBy = {
  name: 'created_by',
  label: 'Recorded by',
  type: 'text',
  max: 15,
  readOnly: true,
} as const;

/** Why the status last moved back or was declined (required to take an approval back). */
export const statusReason = {
  name: 'status_reason',
  label: 'Reason',
  type: 'text',
  max: 2000,
} as const;

/** Balances, holds and the ledger: what a money move changes on the screens. */
/**
 * What moving money changes: balances, the ledger and the summaries cached with them (a grant's
 * received and spent figures follow its donations and expenses).
 */
export const MONEY_FIGURES = [
  'vaults',
  'ledger_entries',
  'donations',
  'expenses',
  'employee_advances',
  'grants',
];

const APPROVE = { en: 'Approve', ar: 'اعتماد' };
const DECLINE = { en: 'Decline', ar: 'رفض' };
const PAY = { en: 'Pay', ar: 'دفع' };
// Short, so a list row keeps its other buttons in view.
const TAKE_BACK = { en: 'Back to pending', ar: 'سحب الاعتماد' };

/** pending -> approved -> paid (-> reversed), or declined; an approval may be taken back. */
export const EXPENSE_WORKFLOW = {
  field: 'status',
  initial: 'pending',
  states: {
    pending: { label: { en: 'Pending', ar: 'قيد الانتظار' }, color: 'gray', money: 'none' },
    approved: { label: { en: 'Approved', ar: 'معتمد' }, color: 'yellow', money: 'held' },
    paid: { label: { en: 'Paid', ar: 'مدفوع' }, color: 'green', money: 'posted' },
    declined: { label: { en: 'Declined', ar: 'مرفوض' }, color: 'red', money: 'none' },
    reversed: { label: { en: 'Reversed', ar: 'معكوس' }, color: 'grape', money: 'reversed' },
  },
  moves: [
    {
      from: 'pending',
      to: 'approved',
      label: APPROVE,
      permission: 'expenses.approve',
      notCreator: true,
      confirm: true,
    },
    {
      from: 'pending',
      to: 'declined',
      label: DECLINE,
      permission: 'expenses.approve',
      color: 'red',
    },
    {
      from: 'approved',
      to: 'paid',
      label: PAY,
      permission: 'expenses.pay',
      confirm: true,
      color: 'green',
    },
    {
      from: 'approved',
      to: 'declined',
      label: DECLINE,
      permission: 'expenses.approve',
      color: 'red',
    },
    {
      from: 'approved',
      to: 'pending',
      label: TAKE_BACK,
      permission: 'expenses.approve',
      reason: true,
      color: 'gray',
    },
    {
      from: 'paid',
      to: 'reversed',
      label: { en: 'Reverse', ar: 'عكس' },
      permission: 'expenses.pay',
      confirm: true,
      color: 'grape',
    },
  ],
  // Once approved, what is paid (amount, vault, payee, project, grant) is fixed; receipts and
  // notes may still come.
  editable: { pending: '*', approved: ['category', 'statement', 'receipts'] },
  deletable: ['pending', 'declined'],
  reasonField: 'status_reason',
  creator: 'created_by',
  amount: 'amount',
  vault: 'vault',
  noun: { en: 'expense', ar: 'المصروف' },
  refresh: MONEY_FIGURES,
} as const satisfies WorkflowDef;

/** requested -> approved -> paid; the server moves it on to partly_repaid and repaid. */
export const ADVANCE_WORKFLOW = {
  field: 'status',
  initial: 'requested',
  states: {
    requested: { label: { en: 'Requested', ar: 'مطلوبة' }, color: 'gray', money: 'none' },
    approved: { label: { en: 'Approved', ar: 'معتمدة' }, color: 'yellow', money: 'held' },
    paid: { label: { en: 'Paid', ar: 'مدفوعة' }, color: 'blue', money: 'posted' },
    partly_repaid: {
      label: { en: 'Partly repaid', ar: 'مسددة جزئيًا' },
      color: 'orange',
      money: 'posted',
      serverOnly: true,
    },
    repaid: {
      label: { en: 'Repaid', ar: 'مسددة' },
      color: 'green',
      money: 'posted',
      serverOnly: true,
    },
    declined: { label: { en: 'Declined', ar: 'مرفوضة' }, color: 'red', money: 'none' },
  },
  moves: [
    {
      from: 'requested',
      to: 'approved',
      label: APPROVE,
      permission: 'advances.approve',
      notCreator: true,
      confirm: true,
    },
    {
      from: 'requested',
      to: 'declined',
      label: DECLINE,
      permission: 'advances.approve',
      color: 'red',
    },
    {
      from: 'approved',
      to: 'paid',
      label: PAY,
      permission: 'advances.pay',
      confirm: true,
      color: 'green',
    },
    {
      from: 'approved',
      to: 'declined',
      label: DECLINE,
      permission: 'advances.approve',
      color: 'red',
    },
    {
      from: 'approved',
      to: 'requested',
      label: TAKE_BACK,
      permission: 'advances.approve',
      reason: true,
      color: 'gray',
    },
  ],
  // Once approved, the amount, vault and employee are fixed; the purpose and the monthly
  // instalment (what payroll withholds) may still change until it is paid.
  editable: { requested: '*', approved: ['purpose', 'monthly_deduction'] },
  deletable: ['requested', 'declined'],
  reasonField: 'status_reason',
  creator: 'created_by',
  requester: 'employee',
  amount: 'amount',
  vault: 'vault',
  noun: { en: 'advance', ar: 'السلفة' },
  refresh: [...MONEY_FIGURES, 'advance_repayments', 'payroll_runs', 'payslips'],
} as const satisfies WorkflowDef;

/** A grant's life: drafted, applied for, awarded or rejected, closed; each step may be undone. */
export const GRANT_WORKFLOW = {
  field: 'status',
  initial: 'draft',
  // A grant won before it was recorded here is entered as it stands.
  createIn: ['applied', 'awarded', 'rejected', 'closed'],
  states: {
    draft: { label: { en: 'Draft', ar: 'مسودة' }, color: 'gray', money: 'none' },
    applied: { label: { en: 'Applied', ar: 'مقدَّمة' }, color: 'blue', money: 'none' },
    awarded: { label: { en: 'Awarded', ar: 'ممنوحة' }, color: 'green', money: 'none' },
    rejected: { label: { en: 'Rejected', ar: 'مرفوضة' }, color: 'red', money: 'none' },
    closed: { label: { en: 'Closed', ar: 'مغلقة' }, color: 'dark', money: 'none' },
  },
  moves: [
    {
      from: 'draft',
      to: 'applied',
      label: { en: 'Applied', ar: 'قُدِّمت' },
      permission: 'grants.update',
    },
    {
      from: 'applied',
      to: 'awarded',
      label: { en: 'Awarded', ar: 'مُنحت' },
      permission: 'grants.update',
    },
    {
      from: 'applied',
      to: 'rejected',
      label: { en: 'Rejected', ar: 'رُفضت' },
      permission: 'grants.update',
    },
    {
      from: 'applied',
      to: 'draft',
      label: { en: 'Back to draft', ar: 'إعادة إلى مسودة' },
      permission: 'grants.update',
    },
    {
      from: 'awarded',
      to: 'closed',
      label: { en: 'Close', ar: 'إغلاق' },
      permission: 'grants.update',
    },
    {
      from: 'awarded',
      to: 'applied',
      label: { en: 'Back to applied', ar: 'إعادة إلى مقدَّمة' },
      permission: 'grants.update',
    },
    {
      from: 'rejected',
      to: 'applied',
      label: { en: 'Back to applied', ar: 'إعادة إلى مقدَّمة' },
      permission: 'grants.update',
    },
    {
      from: 'closed',
      to: 'awarded',
      label: { en: 'Reopen', ar: 'إعادة فتح' },
      permission: 'grants.update',
    },
  ],
  editable: { draft: '*', applied: '*', awarded: '*', rejected: '*', closed: '*' },
  deletable: ['draft', 'applied', 'awarded', 'rejected', 'closed'],
  noun: { en: 'grant', ar: 'المنحة' },
  refresh: ['grants'],
} as const satisfies WorkflowDef;

export const vaults = {
  name: 'vaults',
  type: 'base',
  label: 'Vaults',
  fields: [
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    { name: 'kind', type: 'select', values: VAULT_KINDS, maxSelect: 1, required: true },
    // Set for kind `project` only; one vault per project (created with the project).
    { name: 'project', type: 'relation', collection: 'projects', maxSelect: 1 },
    { name: 'currency', type: 'text', max: 3, pattern: '^[A-Z]{3}$' },
    { name: 'active', type: 'bool' },
    // A cash box's float: the most it may hold (0 = no limit).
    { name: 'float_limit', type: 'number', money: true, min: 0 },
    { name: 'balance', type: 'number', money: true, readOnly: true },
    { name: 'notes', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['title'], lower: true }, { columns: ['project'] }, { columns: ['kind'] }],
  access: access('vaults'),
  audit: ['finance', 'vaults'],
} as const satisfies CollectionDef;

/** Written only by the server; nobody creates, edits or deletes an entry through the API. */
export const ledgerEntries = {
  name: 'ledger_entries',
  type: 'base',
  label: 'Ledger entries',
  fields: [
    {
      name: 'vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    // Signed: money in is positive, money out negative.
    { name: 'amount', type: 'number', money: true, required: true },
    { name: 'date', type: 'date', required: true },
    { name: 'kind', type: 'select', values: LEDGER_ENTRY_KINDS, maxSelect: 1, required: true },
    { name: 'source_collection', type: 'text', max: 100 },
    { name: 'source_id', type: 'text', max: 100 },
    { name: 'statement', type: 'text', max: 2000 },
    // The entry this one undoes (a paid expense's reversal points at its payment).
    { name: 'reverses', type: 'relation', collection: 'ledger_entries', maxSelect: 1 },
    {
      name: 'created_by',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      restrictDelete: true,
    },
  ],
  indexes: [
    { columns: ['vault', 'date', 'created', 'id'] },
    { columns: ['source_collection', 'source_id'] },
    // The statement's running balance: a vault's entries in statement order with their amounts,
    // read by an index-only scan (no sort, no table reads) however long the vault's history.
    { columns: ['vault', 'date', '_rowid'], include: ['amount'] },
    // The dashboard's income and spending of a month, over every vault: an index-only range scan.
    { columns: ['date'], include: ['amount', 'kind'] },
  ],
  access: {
    list: { permission: 'vaults.read' },
    view: { permission: 'vaults.read' },
    create: null,
    update: null,
    delete: null,
  },
  // The record that moved the money carries the audit entry.
  audit: [],
} as const satisfies CollectionDef;

/** A transfer is final: a mistaken one is undone by a transfer the other way. */
export const vaultTransfers = {
  name: 'vault_transfers',
  auditTitle: '{from_vault} · {to_vault}',
  type: 'base',
  label: 'Vault transfers',
  fields: [
    {
      name: 'from_vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    {
      name: 'to_vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'date', type: 'date', required: true },
    { name: 'statement', type: 'text', max: 2000 },
  ],
  access: {
    list: { permission: 'vaults.read' },
    view: { permission: 'vaults.read' },
    create: { permission: 'vaults.transfer' },
    update: null,
    delete: null,
  },
  audit: ['finance', 'vaults'],
} as const satisfies CollectionDef;

/** A count of a vault; the server books the difference from the expected balance. */
export const cashCounts = {
  name: 'cash_counts',
  auditTitle: '{vault}',
  type: 'base',
  label: 'Cash counts',
  fields: [
    {
      name: 'vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    { name: 'counted', type: 'number', money: true, min: 0 },
    { name: 'date', type: 'date', required: true },
    { name: 'expected', type: 'number', money: true, readOnly: true },
    { name: 'difference', type: 'number', money: true, readOnly: true },
    // Required by the server when the count differs from the balance.
    { name: 'reason', type: 'text', max: 2000 },
  ],
  access: {
    list: { permission: 'vaults.read' },
    view: { permission: 'vaults.read' },
    create: { permission: 'vaults.count' },
    update: null,
    delete: null,
  },
  audit: ['finance', 'vaults'],
} as const satisfies CollectionDef;

export const grants = {
  name: 'grants',
  type: 'base',
  label: 'Grants',
  fields: [
    { name: 'donor', type: 'text', required: true, min: 2, max: 300 },
    { name: 'title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'contract_number', type: 'text', max: 100 },
    { name: 'requested_amount', type: 'number', money: true, min: 0 },
    { name: 'awarded_amount', type: 'number', money: true, min: 0 },
    { name: 'period_start', type: 'date' },
    { name: 'period_end', type: 'date' },
    {
      name: 'project',
      type: 'relation',
      collection: 'projects',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'status', type: 'select', values: GRANT_STATUSES, maxSelect: 1, required: true },
    { name: 'details', type: 'editor', max: 20000 },
  ],
  indexes: [{ columns: ['title'], lower: true }, { columns: ['project'] }],
  access: access('grants'),
  audit: ['finance', 'donations'],
  workflow: GRANT_WORKFLOW,
} as const satisfies CollectionDef;

/** A grant's reporting deadlines (LOI, application, interim and final reports). */
export const grantDeadlines = {
  name: 'grant_deadlines',
  auditTitle: '{grant}',
  type: 'base',
  label: 'Grant deadlines',
  fields: [
    {
      name: 'grant',
      type: 'relation',
      collection: 'grants',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'kind', type: 'select', values: GRANT_DEADLINE_KINDS, maxSelect: 1, required: true },
    { name: 'due_on', type: 'date', required: true },
    { name: 'done', type: 'bool' },
    { name: 'notes', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['grant', 'due_on'] }],
  access: access('grants'),
  audit: ['finance', 'donations'],
} as const satisfies CollectionDef;

/** A grant's expected payments; `donation` is the donation that received it. */
export const grantTranches = {
  name: 'grant_tranches',
  auditTitle: '{grant}',
  type: 'base',
  label: 'Grant tranches',
  fields: [
    {
      name: 'grant',
      type: 'relation',
      collection: 'grants',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'expected_on', type: 'date' },
    { name: 'donation', type: 'relation', collection: 'donations', maxSelect: 1 },
    { name: 'notes', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['grant'] }],
  access: access('grants'),
  audit: ['finance', 'donations'],
} as const satisfies CollectionDef;

export const donations = {
  name: 'donations',
  auditTitle: '{donor}',
  type: 'base',
  label: 'Donations',
  fields: [
    { name: 'donor', type: 'text', required: true, min: 2, max: 300 },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'transaction_fees', type: 'number', money: true, min: 0 },
    { name: 'received_on', type: 'date', required: true },
    // Without a vault, a donation to a project goes to the project's vault.
    { name: 'vault', type: 'relation', collection: 'vaults', maxSelect: 1, restrictDelete: true },
    { name: 'grant', type: 'relation', collection: 'grants', maxSelect: 1, restrictDelete: true },
    {
      name: 'project',
      type: 'relation',
      collection: 'projects',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'statement', type: 'text', max: 2000 },
    // Added with project finance: an activity's own donation (or expense), in its project's vault.
    {
      name: 'activity',
      type: 'relation',
      collection: 'projects_activities',
      maxSelect: 1,
      restrictDelete: true,
    },
    // The number of the receipt the organisation gave the donor, when it gave one.
    { name: 'receipt_number', type: 'text', max: 50 },
  ],
  indexes: [
    { columns: ['received_on'] },
    { columns: ['grant'] },
    { columns: ['project'] },
    { columns: ['activity'] },
    // One receipt, one donation: "R-12" and "r-12" are the same receipt; many have none.
    { columns: ['receipt_number'], unique: true, lower: true, nonEmpty: true },
  ],
  access: access('donations'),
  audit: ['finance', 'donations'],
} as const satisfies CollectionDef;

export const expenses = {
  name: 'expenses',
  auditTitle: '{beneficiary}',
  type: 'base',
  label: 'Expenses',
  fields: [
    { name: 'beneficiary', type: 'text', required: true, min: 2, max: 300 },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'date', type: 'date', required: true },
    {
      name: 'vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    {
      name: 'project',
      type: 'relation',
      collection: 'projects',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'grant', type: 'relation', collection: 'grants', maxSelect: 1, restrictDelete: true },
    { name: 'category', type: 'text', max: 200 },
    {
      name: 'receipts',
      type: 'file',
      maxSelect: 10,
      maxSize: 10 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      protected: true,
    },
    { name: 'statement', type: 'text', max: 2000 },
    // pending -> approved -> paid (-> reversed), or declined; each move checked by the server.
    { name: 'status', type: 'select', values: EXPENSE_STATUSES, maxSelect: 1 },
    { name: 'payment_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    { name: 'reversal_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    // Added with project finance: an activity's own donation (or expense), in its project's vault.
    {
      name: 'activity',
      type: 'relation',
      collection: 'projects_activities',
      maxSelect: 1,
      restrictDelete: true,
    },
    // Added with the workflows: who recorded it (an employee's or a user's id), so that someone
    // else approves it, and why its status last moved back.
    createdBy,
    statusReason,
  ],
  indexes: [
    { columns: ['status'] },
    { columns: ['vault'] },
    { columns: ['grant'] },
    { columns: ['activity'] },
  ],
  access: access('expenses'),
  audit: ['finance', 'expenses'],
  workflow: EXPENSE_WORKFLOW,
} as const satisfies CollectionDef;

export const assets = {
  name: 'assets',
  type: 'base',
  label: 'Assets',
  fields: [
    { name: 'title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'category', type: 'text', max: 200 },
    { name: 'purchase_date', type: 'date' },
    { name: 'price', type: 'number', money: true, min: 0 },
    { name: 'bill_number', type: 'text', max: 100 },
    { name: 'custodian', type: 'relation', collection: 'employees', maxSelect: 1 },
    { name: 'location', type: 'text', max: 300 },
    { name: 'status', type: 'select', values: ASSET_STATUSES, maxSelect: 1, required: true },
    { name: 'elimination_date', type: 'date' },
    { name: 'elimination_reason', type: 'text', max: 2000 },
    { name: 'details', type: 'editor', max: 20000 },
    {
      name: 'depreciation_method',
      type: 'select',
      values: DEPRECIATION_METHODS,
      maxSelect: 1,
    },
    { name: 'useful_life_years', type: 'number', onlyInt: true, min: 0, max: 100 },
    // Declining balance: the yearly rate in percent.
    { name: 'declining_rate', type: 'number', min: 0, max: 100 },
    { name: 'salvage_value', type: 'number', money: true, min: 0 },
    // An asset bought before it was recorded here starts with what it had already lost.
    { name: 'opening_accumulated', type: 'number', money: true, min: 0 },
  ],
  indexes: [{ columns: ['title'], lower: true }, { columns: ['status'] }],
  access: access('assets'),
  audit: ['finance', 'assets'],
} as const satisfies CollectionDef;

export const employeeAdvances = {
  name: 'employee_advances',
  auditTitle: '{employee}',
  type: 'base',
  label: 'Employee advances',
  fields: [
    {
      name: 'employee',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    { name: 'amount', type: 'number', money: true, required: true, min: 1 },
    { name: 'monthly_deduction', type: 'number', money: true, min: 0 },
    { name: 'purpose', type: 'text', max: 2000 },
    { name: 'date', type: 'date', required: true },
    {
      name: 'vault',
      type: 'relation',
      collection: 'vaults',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    // requested -> approved -> paid by the client; partly_repaid and repaid set by the server.
    { name: 'status', type: 'select', values: ADVANCE_STATUSES, maxSelect: 1 },
    { name: 'repaid', type: 'number', money: true, readOnly: true },
    { name: 'remaining', type: 'number', money: true, readOnly: true },
    { name: 'payment_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    // Added with the workflows (see expenses).
    createdBy,
    statusReason,
  ],
  indexes: [{ columns: ['employee'] }, { columns: ['status'] }],
  access: access('advances'),
  audit: ['finance', 'advances'],
  workflow: ADVANCE_WORKFLOW,
} as const satisfies CollectionDef;

/** Final once recorded: a repayment is neither edited nor deleted. */
export const advanceRepayments = {
  name: 'advance_repayments',
  auditTitle: '{advance}',
  type: 'base',
  label: 'Advance repayments',
  fields: [
    {
      name: 'advance',
      type: 'relation',
      collection: 'employee_advances',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'date', type: 'date', required: true },
    // manual: cash paid back into the advance's vault; payroll: withheld from a salary (no cash).
    { name: 'source', type: 'select', values: REPAYMENT_SOURCES, maxSelect: 1 },
    { name: 'statement', type: 'text', max: 2000 },
    // A payroll deduction: the payslip it was withheld from; `reversed` once its run is reversed
    // (the advance's repaid and remaining then no longer count it).
    { name: 'payslip', type: 'relation', collection: 'payslips', maxSelect: 1, readOnly: true },
    { name: 'reversed', type: 'bool', readOnly: true },
  ],
  indexes: [{ columns: ['advance'] }, { columns: ['payslip'] }],
  access: {
    list: { permission: 'advances.read' },
    view: { permission: 'advances.read' },
    create: { permission: 'advances.create' },
    update: null,
    delete: null,
  },
  audit: ['finance', 'advances'],
} as const satisfies CollectionDef;
