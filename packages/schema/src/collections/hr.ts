import type { CollectionDef } from '../collection';

export const EMPLOYMENT_STATUSES = ['Active', 'Suspended', 'Resigned', 'On_Leave'] as const;
export const SEXES = ['Male', 'Female'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;

/** Kinds of option an administrator manages in the employees' settings. */
export const EMPLOYEE_OPTION_KINDS = [
  'section',
  'position',
  'employment_type',
  'shift',
  'qualification',
  'leave_type',
] as const;

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'];

export const employeeOptions = {
  name: 'employee_options',
  type: 'base',
  label: 'Employee settings',
  fields: [
    { name: 'kind', type: 'select', values: EMPLOYEE_OPTION_KINDS, maxSelect: 1, required: true },
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    { name: 'description', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['kind', 'title'], unique: true }],
  access: {
    list: { permission: 'hr_settings.read', ownRule: '' },
    view: { permission: 'hr_settings.read', ownRule: '' },
    create: { permission: 'hr_settings.create' },
    update: { permission: 'hr_settings.update' },
    delete: { permission: 'hr_settings.remove' },
  },
  audit: ['hr', 'hr_settings'],
} as const satisfies CollectionDef;

/** How an allowance or deduction is worked out each month. */
export const SALARY_CALCULATIONS = ['fixed', 'percentage'] as const;

const salaryOption = <N extends string, C extends 'allowances' | 'deductions'>(
  name: N,
  label: string,
  category: C,
) =>
  ({
    name,
    type: 'base',
    label,
    fields: [
      { name: 'title', type: 'text', required: true, min: 2, max: 200 },
      // `fixed`: `amount` every month; `percentage`: `percentage` % of the basic salary.
      // Options stored before the choice existed are fixed amounts (set by migration 0011).
      { name: 'calculation', type: 'select', values: SALARY_CALCULATIONS, maxSelect: 1 },
      { name: 'amount', type: 'number', money: true, min: 0 },
      { name: 'percentage', type: 'number', min: 0, max: 100 },
      { name: 'description', type: 'text', max: 2000 },
      // An inactive option stays on past payslips but is left out of new payroll runs.
      { name: 'active', type: 'bool' },
    ],
    access: {
      // The standard allowances and deductions are no secret: people see what their own pay is made of.
      list: { permission: 'salary_setting.read', ownRule: '' },
      view: { permission: 'salary_setting.read', ownRule: '' },
      create: { permission: 'salary_setting.create' },
      update: { permission: 'salary_setting.update' },
      delete: { permission: 'salary_setting.remove' },
    },
    audit: [category, 'hr', 'finance', 'payroll'],
  }) as const satisfies CollectionDef;

export const allowanceOptions = salaryOption('allowance_options', 'Allowances', 'allowances');
export const deductionOptions = salaryOption('deduction_options', 'Deductions', 'deductions');

/** Staff: the sign-in collection of the back office. */
export const employees = {
  name: 'employees',
  type: 'auth',
  label: 'Employees',
  fields: [
    { name: 'name', type: 'text', required: true, min: 3, max: 200 },
    {
      name: 'avatar',
      type: 'file',
      maxSelect: 1,
      maxSize: 5 * 1024 * 1024,
      mimeTypes: imageTypes,
      thumbs: ['100x100', '200x200'],
    },
    { name: 'sex', type: 'select', values: SEXES, maxSelect: 1 },
    { name: 'birth_date', type: 'date' },
    { name: 'marital_status', type: 'select', values: MARITAL_STATUSES, maxSelect: 1 },
    { name: 'number_of_children', type: 'number', onlyInt: true, min: 0, max: 50 },
    { name: 'address', type: 'text', max: 500 },
    { name: 'phone_numbers', type: 'json', maxSize: 2000 },
    {
      name: 'employment_type',
      label: 'Employment type',
      type: 'relation',
      collection: 'employee_options',
      maxSelect: 1,
      restrictDelete: true,
    },
    {
      name: 'shift',
      label: 'Shift',
      type: 'relation',
      collection: 'employee_options',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'project', type: 'relation', collection: 'projects', maxSelect: 1 },
    {
      name: 'employment_section',
      label: 'Section',
      type: 'relation',
      collection: 'employee_options',
      maxSelect: 1,
      restrictDelete: true,
    },
    {
      name: 'employment_position',
      label: 'Position',
      type: 'relation',
      collection: 'employee_options',
      maxSelect: 1,
      restrictDelete: true,
    },
    {
      name: 'qualification',
      label: 'Qualification',
      type: 'relation',
      collection: 'employee_options',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'specialization', type: 'text', max: 200 },
    { name: 'starting_date', type: 'date' },
    {
      name: 'employment_status',
      type: 'select',
      values: EMPLOYMENT_STATUSES,
      maxSelect: 1,
      required: true,
    },
    { name: 'job_description', type: 'editor', max: 20000 },
    {
      name: 'basic_salary',
      type: 'number',
      money: true,
      min: 0,
      permission: 'employees.read_salary',
    },
    {
      name: 'allowances',
      label: 'Allowances',
      type: 'relation',
      collection: 'allowance_options',
      maxSelect: 50,
      restrictDelete: true,
      permission: 'employees.read_salary',
    },
    {
      name: 'deductions',
      label: 'Deductions',
      type: 'relation',
      collection: 'deduction_options',
      maxSelect: 50,
      restrictDelete: true,
      permission: 'employees.read_salary',
    },
    {
      name: 'roles',
      label: 'Roles',
      type: 'relation',
      collection: 'roles',
      maxSelect: 50,
      restrictDelete: true,
      permission: 'employees.read_auth',
    },
  ],
  indexes: [
    { columns: ['name'], lower: true },
    { columns: ['employment_status'] },
    { columns: ['project'] },
    { columns: ['name'], search: true },
    { columns: ['email'], search: true },
    { columns: ['phone_numbers'], search: true },
  ],
  access: {
    list: { permission: 'employees.read', ownRule: 'id = @request.auth.id' },
    view: { permission: 'employees.read', ownRule: 'id = @request.auth.id' },
    create: { permission: 'employees.create' },
    update: { permission: 'employees.update', ownRule: 'id = @request.auth.id' },
    delete: { permission: 'employees.remove' },
  },
  audit: ['hr', 'employees'],
  selfEditable: [
    'avatar',
    'address',
    'phone_numbers',
    'marital_status',
    'number_of_children',
    'emailVisibility',
  ],
  auth: { activeField: 'employment_status', activeValue: 'Active', minPasswordLength: 8 },
} as const satisfies CollectionDef;

export const employeeTasks = {
  name: 'employee_tasks',
  type: 'base',
  label: 'Employee tasks',
  fields: [
    {
      name: 'employee',
      label: 'Employee',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'title', type: 'text', required: true, min: 3, max: 200 },
    { name: 'details', type: 'editor', max: 20000 },
    { name: 'due_date', type: 'date' },
    { name: 'completion_date', type: 'date' },
  ],
  indexes: [{ columns: ['employee'] }],
  access: {
    // People keep their own task list; HR can see and manage everyone's.
    list: { permission: 'employees.read', ownRule: 'employee = @request.auth.id' },
    view: { permission: 'employees.read', ownRule: 'employee = @request.auth.id' },
    create: { permission: 'employees.update', ownRule: 'employee = @request.auth.id' },
    update: { permission: 'employees.update', ownRule: 'employee = @request.auth.id' },
    delete: { permission: 'employees.update', ownRule: 'employee = @request.auth.id' },
  },
  audit: ['hr', 'employees'],
  heldBy: 'employee',
  selfEditable: ['title', 'details', 'due_date', 'completion_date'],
} as const satisfies CollectionDef;

export const MEMBERSHIP_STATUSES = ['Active', 'Suspended', 'Resigned'] as const;
export const PAYMENT_METHODS = [
  'Cash',
  'Bank transfer',
  'Mobile money',
  'Cheque',
  'Other',
] as const;
export const VOLUNTEER_AVAILABILITY = [
  'Weekday mornings',
  'Weekday afternoons',
  'Weekday evenings',
  'Weekends',
  'Remote',
] as const;

const settingsAccess = {
  list: { permission: 'hr_settings.read', ownRule: '' },
  view: { permission: 'hr_settings.read', ownRule: '' },
  create: { permission: 'hr_settings.create' },
  update: { permission: 'hr_settings.update' },
  delete: { permission: 'hr_settings.remove' },
} as const;

export const membershipTypes = {
  name: 'membership_types',
  type: 'base',
  label: 'Membership types',
  fields: [
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    { name: 'fee', type: 'number', money: true, min: 0 },
    { name: 'period_months', type: 'number', onlyInt: true, min: 1, max: 120, required: true },
    { name: 'description', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['title'], unique: true, lower: true }],
  access: settingsAccess,
  audit: ['hr', 'hr_settings'],
} as const satisfies CollectionDef;

const personFields = [
  { name: 'name', type: 'text', required: true, min: 3, max: 200 },
  { name: 'email', type: 'email' },
  {
    name: 'avatar',
    type: 'file',
    maxSelect: 1,
    maxSize: 5 * 1024 * 1024,
    mimeTypes: imageTypes,
    thumbs: ['100x100', '200x200'],
  },
  { name: 'sex', type: 'select', values: SEXES, maxSelect: 1 },
  { name: 'birth_date', type: 'date' },
  { name: 'address', type: 'text', max: 500 },
  { name: 'phone_numbers', type: 'json', maxSize: 2000 },
  { name: 'starting_date', label: 'Joining date', type: 'date' },
] as const;

export const members = {
  name: 'members',
  type: 'base',
  label: 'Members',
  fields: [
    { name: 'membership_number', type: 'text', max: 20, readOnly: true },
    ...personFields,
    {
      name: 'membership_status',
      type: 'select',
      values: MEMBERSHIP_STATUSES,
      maxSelect: 1,
      required: true,
    },
    {
      name: 'membership_type',
      label: 'Membership type',
      type: 'relation',
      collection: 'membership_types',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'paid_until', type: 'date', readOnly: true },
    { name: 'notes', type: 'text', max: 5000 },
  ],
  indexes: [
    { columns: ['name'], lower: true },
    { columns: ['email'], lower: true },
    { columns: ['membership_number'], unique: true },
    { columns: ['membership_status'] },
    { columns: ['paid_until'] },
    { columns: ['membership_number'], search: true },
    { columns: ['name'], search: true },
    { columns: ['email'], search: true },
    { columns: ['phone_numbers'], search: true },
  ],
  access: {
    list: { permission: 'members.read' },
    view: { permission: 'members.read' },
    create: { permission: 'members.create' },
    update: { permission: 'members.update' },
    delete: { permission: 'members.remove' },
  },
  audit: ['hr', 'members'],
} as const satisfies CollectionDef;

export const memberDues = {
  name: 'member_dues',
  auditTitle: '{member}',
  type: 'base',
  label: 'Membership dues',
  fields: [
    {
      name: 'member',
      label: 'Member',
      type: 'relation',
      collection: 'members',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'paid_on', type: 'date', required: true },
    { name: 'months', type: 'number', onlyInt: true, min: 1, max: 120, required: true },
    { name: 'period_start', type: 'date', readOnly: true },
    { name: 'period_end', type: 'date', readOnly: true },
    { name: 'method', type: 'select', values: PAYMENT_METHODS, maxSelect: 1 },
    { name: 'receipt_number', type: 'text', max: 100 },
    { name: 'note', type: 'text', max: 2000 },
  ],
  // paid_on: the dashboard's dues collected this month, read from the index alone.
  indexes: [{ columns: ['member'] }, { columns: ['paid_on'], include: ['amount'] }],
  access: {
    list: { permission: 'members.read' },
    view: { permission: 'members.read' },
    create: { permission: 'members.update' },
    update: { permission: 'members.update' },
    delete: { permission: 'members.update' },
  },
  audit: ['hr', 'members', 'finance'],
  heldBy: 'member',
} as const satisfies CollectionDef;

export const volunteerSkills = {
  name: 'volunteer_skills',
  type: 'base',
  label: 'Volunteer skills',
  fields: [
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    { name: 'description', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['title'], unique: true, lower: true }],
  access: settingsAccess,
  audit: ['hr', 'hr_settings'],
} as const satisfies CollectionDef;

export const volunteers = {
  name: 'volunteers',
  type: 'base',
  label: 'Volunteers',
  fields: [
    ...personFields,
    { name: 'status', type: 'select', values: MEMBERSHIP_STATUSES, maxSelect: 1, required: true },
    {
      name: 'skills',
      label: 'Skills',
      type: 'relation',
      collection: 'volunteer_skills',
      maxSelect: 30,
      restrictDelete: true,
    },
    {
      name: 'availability',
      type: 'select',
      values: VOLUNTEER_AVAILABILITY,
      maxSelect: VOLUNTEER_AVAILABILITY.length,
    },
    { name: 'notes', type: 'text', max: 5000 },
  ],
  indexes: [
    { columns: ['name'], lower: true },
    { columns: ['email'], lower: true },
    { columns: ['status'] },
    { columns: ['name'], search: true },
    { columns: ['email'], search: true },
    { columns: ['phone_numbers'], search: true },
  ],
  access: {
    list: { permission: 'volunteers.read' },
    view: { permission: 'volunteers.read' },
    create: { permission: 'volunteers.create' },
    update: { permission: 'volunteers.update' },
    delete: { permission: 'volunteers.remove' },
  },
  audit: ['hr', 'volunteers'],
} as const satisfies CollectionDef;

export const volunteerHours = {
  name: 'volunteer_hours',
  auditTitle: '{volunteer}',
  type: 'base',
  label: 'Volunteer hours',
  fields: [
    {
      name: 'volunteer',
      label: 'Volunteer',
      type: 'relation',
      collection: 'volunteers',
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: 'date', type: 'date', required: true },
    { name: 'hours', type: 'number', money: true, required: true, min: 0.25, max: 24 },
    {
      name: 'project',
      label: 'Project',
      type: 'relation',
      collection: 'projects',
      maxSelect: 1,
      restrictDelete: true,
    },
    { name: 'activity', type: 'text', max: 200 },
    { name: 'note', type: 'text', max: 2000 },
  ],
  indexes: [{ columns: ['volunteer'] }, { columns: ['date'] }],
  access: {
    list: { permission: 'volunteers.read' },
    view: { permission: 'volunteers.read' },
    create: { permission: 'volunteers.update' },
    update: { permission: 'volunteers.update' },
    delete: { permission: 'volunteers.update' },
  },
  audit: ['hr', 'volunteers'],
  heldBy: 'volunteer',
} as const satisfies CollectionDef;
