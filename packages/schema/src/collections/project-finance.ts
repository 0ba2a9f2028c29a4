import type { CollectionDef } from '../collection';
import type { WorkflowDef } from '../workflow';
import { statusReason } from './finance';

/**
 * A project's own money process. Donations go into the project's vault (the ledger's `donations`
 * with `project` set). Staff ask for money against budget lines (`financial_requests` and their
 * items) or for a purchase; the project's committee approves, which puts the amount on hold;
 * approving the bills pays it from the project vault through the ledger.
 */

/** PENDING -> APPROVED -> BILL_APPROVED, or DECLINED from PENDING or APPROVED (server-enforced). */
export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'BILL_APPROVED', 'DECLINED'] as const;

/** The step of the workflow a committee comment is about. */
export const COMMENT_STAGES = ['REVIEW', 'APPROVAL', 'BILL_APPROVAL'] as const;

/** What a request's or purchase's move changes on the screens: lines, vault, ledger, overview. */
const PROJECT_MONEY_FIGURES = [
  'project_budget_lines',
  'financial_requests',
  'financial_request_items',
  'purchases',
  'vaults',
  'ledger_entries',
  'donations',
  'expenses',
];

/**
 * A request's or a purchase's workflow. The project's committee decides: a seat with
 * `can_update_status` makes the moves; nobody approves, or approves the bills of, what they asked
 * for. Approving puts the amount on hold in the project vault; approving the bills pays it.
 */
function committeeWorkflow(
  committee: 'project_financial_committees' | 'project_purchases_committees',
  options: {
    pendingFields: readonly string[];
    amount: string;
    noun: { en: string; ar: string };
    held?: WorkflowDef<(typeof REQUEST_STATUSES)[number]>['held'];
  },
) {
  const seat = { committee, flag: 'can_update_status' } as const;
  return {
    field: 'status',
    initial: 'PENDING',
    states: {
      PENDING: { label: { en: 'Pending', ar: 'قيد الانتظار' }, color: 'dark', money: 'none' },
      APPROVED: { label: { en: 'Approved', ar: 'موافق عليه' }, color: 'yellow', money: 'held' },
      BILL_APPROVED: {
        label: { en: 'Bill approved', ar: 'الفواتير معتمدة' },
        color: 'green',
        money: 'posted',
      },
      DECLINED: { label: { en: 'Declined', ar: 'مرفوض' }, color: 'red', money: 'none' },
    },
    moves: [
      {
        from: 'PENDING',
        to: 'APPROVED',
        label: { en: 'Approve', ar: 'موافقة' },
        seat,
        notCreator: true,
        confirm: true,
      },
      { from: 'PENDING', to: 'DECLINED', label: { en: 'Decline', ar: 'رفض' }, seat, color: 'red' },
      {
        from: 'APPROVED',
        to: 'BILL_APPROVED',
        label: { en: 'Approve bills', ar: 'اعتماد الفواتير' },
        seat,
        notCreator: true,
        requires: ['bills'],
        confirm: true,
        color: 'green',
      },
      { from: 'APPROVED', to: 'DECLINED', label: { en: 'Decline', ar: 'رفض' }, seat, color: 'red' },
      {
        from: 'APPROVED',
        to: 'PENDING',
        label: { en: 'Back to pending', ar: 'سحب الموافقة' },
        seat,
        reason: true,
        color: 'gray',
      },
    ],
    // Bills may still come while it is approved; what was approved is otherwise fixed.
    editable: { PENDING: options.pendingFields, APPROVED: ['bills'] },
    deletable: ['PENDING', 'DECLINED'],
    fixed: ['project'],
    reasonField: 'status_reason',
    creator: 'creator',
    amount: options.amount,
    vault: 'project',
    noun: options.noun,
    refresh: PROJECT_MONEY_FIGURES,
    held: options.held,
  } as const satisfies WorkflowDef<(typeof REQUEST_STATUSES)[number]>;
}

/** What may still change on an item once its request is approved: the bill and the store. */
export const ITEM_BILL_FIELDS = ['bills', 'bill_number', 'store_name', 'store_address', 'details'];

export const REQUEST_WORKFLOW = committeeWorkflow('project_financial_committees', {
  pendingFields: ['title', 'details', 'bills'],
  amount: 'amount',
  noun: { en: 'financial request', ar: 'الطلب المالي' },
  // Its items are priced and held with it: frozen once approved, but for their bills.
  held: [
    {
      collection: 'financial_request_items',
      via: ['financial_request'],
      create: ['PENDING'],
      editable: { PENDING: '*', APPROVED: ITEM_BILL_FIELDS },
      delete: ['PENDING', 'DECLINED'],
    },
  ],
});

export const PURCHASE_WORKFLOW = committeeWorkflow('project_purchases_committees', {
  pendingFields: ['title', 'price', 'details', 'bills'],
  amount: 'price',
  noun: { en: 'purchase', ar: 'الشراء' },
});

const BILL_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

const bills = (name: string, label: string) =>
  ({
    name,
    label,
    type: 'file',
    maxSelect: 10,
    maxSize: 10 * 1024 * 1024,
    mimeTypes: BILL_TYPES,
    protected: true,
  }) as const;

const projectField = {
  name: 'project',
  label: 'Project',
  type: 'relation',
  collection: 'projects',
  maxSelect: 1,
  required: true,
  // Money records keep their project: the refusal to delete the project names them.
  restrictDelete: true,
} as const;

const financeAccess = {
  list: { permission: 'project_finance.read' },
  view: { permission: 'project_finance.read' },
  create: { permission: 'project_finance.create' },
  update: { permission: 'project_finance.update' },
  delete: { permission: 'project_finance.remove' },
} as const;

/**
 * Requests, purchases and their items and comments: whoever may read a project's finance may try;
 * the project's committee flags (can_create, can_update_status) decide, checked by the server.
 */
const committeeAccess = {
  list: { permission: 'project_finance.read' },
  view: { permission: 'project_finance.read' },
  create: { permission: 'project_finance.read' },
  update: { permission: 'project_finance.read' },
  delete: { permission: 'project_finance.read' },
} as const;

export const projectBudgetLines = {
  name: 'project_budget_lines',
  type: 'base',
  label: 'Budget lines',
  fields: [
    projectField,
    { name: 'title', label: 'Line title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'budget', label: 'Amount', type: 'number', money: true, required: true, min: 0 },
    { name: 'details', label: 'Details', type: 'editor', max: 20000 },
    // Bill-approved spending and approved-not-yet-paid spending: moved by the server only.
    { name: 'used_amount', label: 'Used', type: 'number', money: true, readOnly: true },
    { name: 'held_amount', label: 'On hold', type: 'number', money: true, readOnly: true },
  ],
  indexes: [{ columns: ['project'] }],
  access: financeAccess,
  audit: ['finance', 'projects'],
  heldBy: 'project',
} as const satisfies CollectionDef;

export const financialRequests = {
  name: 'financial_requests',
  type: 'base',
  label: 'Financial requests',
  fields: [
    projectField,
    {
      name: 'creator',
      label: 'Creator',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      readOnly: true,
    },
    { name: 'title', label: 'Request title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'details', label: 'Details', type: 'editor', max: 50000 },
    { name: 'status', label: 'Status', type: 'select', values: REQUEST_STATUSES, maxSelect: 1 },
    bills('bills', 'Bills'),
    // The sum of the items' base amounts, kept by the server.
    { name: 'amount', label: 'Amount', type: 'number', money: true, readOnly: true },
    { name: 'payment_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    // Added with the workflows: why the status last moved back or was declined.
    statusReason,
  ],
  indexes: [{ columns: ['project', 'status'] }, { columns: ['creator'] }],
  access: committeeAccess,
  audit: ['finance', 'projects', 'expenses'],
  heldBy: 'project',
  workflow: REQUEST_WORKFLOW,
} as const satisfies CollectionDef;

export const financialRequestItems = {
  name: 'financial_request_items',
  type: 'base',
  label: 'Request items',
  fields: [
    {
      name: 'financial_request',
      label: 'Financial request',
      type: 'relation',
      collection: 'financial_requests',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    {
      name: 'budget_line',
      label: 'Budget line',
      type: 'relation',
      collection: 'project_budget_lines',
      maxSelect: 1,
      required: true,
      restrictDelete: true,
    },
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'details', label: 'Details', type: 'text', max: 5000 },
    {
      name: 'quantity',
      label: 'Quantity',
      type: 'number',
      required: true,
      min: 0.001,
      max: 1000000,
    },
    { name: 'currency', label: 'Currency', type: 'text', required: true, pattern: '^[A-Z]{3}$' },
    {
      name: 'unit_price',
      label: 'Unit price',
      type: 'number',
      money: true,
      required: true,
      min: 0.01,
    },
    // As people type it: one base-currency unit = rate units of the item's currency.
    {
      name: 'exchange_rate',
      label: 'Rate',
      type: 'number',
      required: true,
      min: 0.000001,
      max: 1000000000,
    },
    { name: 'total_price', label: 'Total price', type: 'number', money: true, readOnly: true },
    { name: 'base_amount', label: 'Base amount', type: 'number', money: true, readOnly: true },
    { name: 'store_name', label: 'Store', type: 'text', max: 300 },
    { name: 'store_address', label: 'Address', type: 'text', max: 500 },
    { name: 'bill_number', label: 'Bill number', type: 'text', max: 100 },
    bills('bills', 'Bills'),
  ],
  indexes: [{ columns: ['financial_request'] }, { columns: ['budget_line'] }],
  access: committeeAccess,
  audit: ['finance', 'projects', 'expenses'],
  heldBy: 'financial_request',
} as const satisfies CollectionDef;

/** A comment by a committee member on a request (or a purchase), tied to a workflow stage. */
function comments<N extends string, O extends string, C extends string, L extends string>(
  name: N,
  owner: O,
  ownerCollection: C,
  label: L,
) {
  return {
    name,
    type: 'base',
    label,
    fields: [
      {
        name: owner,
        type: 'relation',
        collection: ownerCollection,
        maxSelect: 1,
        required: true,
        cascadeDelete: true,
      },
      {
        name: 'employee',
        label: 'Member',
        type: 'relation',
        collection: 'employees',
        maxSelect: 1,
        readOnly: true,
      },
      {
        name: 'stage',
        label: 'Comment reason',
        type: 'select',
        values: COMMENT_STAGES,
        maxSelect: 1,
        required: true,
      },
      { name: 'comment', label: 'Comment', type: 'editor', required: true, max: 20000 },
    ],
    indexes: [{ columns: [owner, 'created'] }],
    access: {
      ...committeeAccess,
      // Authors correct or remove their own comments only.
      update: { ownRule: 'employee = @request.auth.id' },
      delete: { ownRule: 'employee = @request.auth.id' },
    },
    selfEditable: ['stage', 'comment'],
    // The old comment was optional: an approval without words is normal there.
    blankWhenImported: ['comment'],
    audit: ['finance', 'projects'],
    auditTitle: `{${owner}}`,
    heldBy: owner,
  } as const satisfies CollectionDef;
}

export const financialRequestComments = comments(
  'financial_request_comments',
  'request',
  'financial_requests',
  'Request comments',
);

export const purchases = {
  name: 'purchases',
  type: 'base',
  label: 'Purchases',
  fields: [
    projectField,
    {
      name: 'creator',
      label: 'Creator',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      readOnly: true,
    },
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'price', label: 'Price', type: 'number', money: true, required: true, min: 0.1 },
    { name: 'details', label: 'Details', type: 'editor', max: 50000 },
    { name: 'status', label: 'Status', type: 'select', values: REQUEST_STATUSES, maxSelect: 1 },
    bills('bills', 'Bills'),
    { name: 'payment_entry', type: 'relation', collection: 'ledger_entries', readOnly: true },
    statusReason,
  ],
  indexes: [{ columns: ['project', 'status'] }, { columns: ['creator'] }],
  access: committeeAccess,
  audit: ['finance', 'projects', 'expenses'],
  heldBy: 'project',
  workflow: PURCHASE_WORKFLOW,
} as const satisfies CollectionDef;

export const purchaseComments = comments(
  'purchase_comments',
  'purchase',
  'purchases',
  'Purchase comments',
);

export const bankChecks = {
  name: 'bank_checks',
  auditTitle: '{serial_number} · {beneficiary}',
  type: 'base',
  label: 'Bank checks',
  fields: [
    projectField,
    { name: 'beneficiary', label: 'Beneficiary', type: 'text', required: true, min: 2, max: 300 },
    { name: 'serial_number', label: 'Serial', type: 'text', required: true, min: 3, max: 100 },
    { name: 'branch', label: 'Bank / branch', type: 'text', max: 300 },
    { name: 'amount', label: 'Amount', type: 'number', money: true, required: true, min: 0 },
    { name: 'date', label: 'Date', type: 'date', required: true },
    { name: 'details', label: 'Details', type: 'text', max: 5000 },
    {
      name: 'attachments',
      label: 'Attachments',
      type: 'file',
      maxSelect: 10,
      maxSize: 10 * 1024 * 1024,
      mimeTypes: BILL_TYPES,
      protected: true,
    },
  ],
  indexes: [{ columns: ['project', 'date'] }],
  access: financeAccess,
  audit: ['finance', 'projects'],
  heldBy: 'project',
} as const satisfies CollectionDef;

/**
 * In-app notifications, owned by their recipient: only the recipient lists, reads, marks read
 * (`read`) or deletes them; the server writes them (any area may, through `notify`).
 */
export const notifications = {
  name: 'notifications',
  type: 'base',
  label: 'Notifications',
  fields: [
    {
      name: 'recipient',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'title', type: 'text', required: true, max: 300 },
    { name: 'body', type: 'text', max: 2000 },
    // An in-app path to open, e.g. /projects/<id>?tab=finance.
    { name: 'link', type: 'text', max: 500 },
    { name: 'read', type: 'bool' },
  ],
  indexes: [{ columns: ['recipient', 'read', 'created'] }],
  access: {
    list: { ownRule: 'recipient = @request.auth.id' },
    view: { ownRule: 'recipient = @request.auth.id' },
    create: null,
    update: { ownRule: 'recipient = @request.auth.id' },
    delete: { ownRule: 'recipient = @request.auth.id' },
  },
  selfEditable: ['read'],
  audit: [],
} as const satisfies CollectionDef;
