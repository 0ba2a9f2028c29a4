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

export const employeeOptions: CollectionDef = {
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
};

const salaryOption = (name: string, label: string, category: 'allowances' | 'deductions'): CollectionDef => ({
  name,
  type: 'base',
  label,
  fields: [
    { name: 'title', type: 'text', required: true, min: 2, max: 200 },
    { name: 'amount', type: 'number', money: true, required: true, min: 0.01 },
    { name: 'description', type: 'text', max: 2000 },
  ],
  access: {
    list: { permission: 'salary_setting.read' },
    view: { permission: 'salary_setting.read' },
    create: { permission: 'salary_setting.create' },
    update: { permission: 'salary_setting.update' },
    delete: { permission: 'salary_setting.remove' },
  },
  audit: [category, 'hr', 'finance', 'payroll'],
});

export const allowanceOptions = salaryOption('allowance_options', 'Allowances', 'allowances');
export const deductionOptions = salaryOption('deduction_options', 'Deductions', 'deductions');

/** Staff: the sign-in collection of the back office. */
export const employees: CollectionDef = {
  name: 'employees',
  type: 'auth',
  label: 'Employees',
  fields: [
    { name: 'name', type: 'text', required: true, min: 3, max: 200 },
    { name: 'avatar', type: 'file', maxSelect: 1, maxSize: 5 * 1024 * 1024, mimeTypes: imageTypes, thumbs: ['100x100', '200x200'] },
    { name: 'sex', type: 'select', values: SEXES, maxSelect: 1 },
    { name: 'birth_date', type: 'date' },
    { name: 'marital_status', type: 'select', values: MARITAL_STATUSES, maxSelect: 1 },
    { name: 'number_of_children', type: 'number', onlyInt: true, min: 0, max: 50 },
    { name: 'address', type: 'text', max: 500 },
    { name: 'phone_numbers', type: 'json', maxSize: 2000 },
    { name: 'employment_type', type: 'relation', collection: 'employee_options', maxSelect: 1, restrictDelete: true },
    { name: 'shift', type: 'relation', collection: 'employee_options', maxSelect: 1, restrictDelete: true },
    { name: 'project', type: 'relation', collection: 'projects', maxSelect: 1 },
    { name: 'employment_section', type: 'relation', collection: 'employee_options', maxSelect: 1, restrictDelete: true },
    { name: 'employment_position', type: 'relation', collection: 'employee_options', maxSelect: 1, restrictDelete: true },
    { name: 'qualification', type: 'relation', collection: 'employee_options', maxSelect: 1, restrictDelete: true },
    { name: 'specialization', type: 'text', max: 200 },
    { name: 'starting_date', type: 'date' },
    { name: 'employment_status', type: 'select', values: EMPLOYMENT_STATUSES, maxSelect: 1, required: true },
    { name: 'job_description', type: 'editor', max: 20000 },
    { name: 'basic_salary', type: 'number', money: true, min: 0, permission: 'employees.read_salary' },
    { name: 'allowances', type: 'relation', collection: 'allowance_options', maxSelect: 50, restrictDelete: true, permission: 'employees.read_salary' },
    { name: 'deductions', type: 'relation', collection: 'deduction_options', maxSelect: 50, restrictDelete: true, permission: 'employees.read_salary' },
    { name: 'roles', type: 'relation', collection: 'roles', maxSelect: 50, restrictDelete: true, permission: 'employees.read_auth' },
  ],
  indexes: [{ columns: ['name'], lower: true }, { columns: ['employment_status'] }, { columns: ['project'] }],
  access: {
    list: { permission: 'employees.read', ownRule: 'id = @request.auth.id' },
    view: { permission: 'employees.read', ownRule: 'id = @request.auth.id' },
    create: { permission: 'employees.create' },
    update: { permission: 'employees.update', ownRule: 'id = @request.auth.id' },
    delete: { permission: 'employees.remove' },
  },
  audit: ['hr', 'employees'],
  selfEditable: ['avatar', 'address', 'phone_numbers', 'marital_status', 'number_of_children', 'emailVisibility'],
  auth: { activeField: 'employment_status', activeValue: 'Active', minPasswordLength: 8 },
};
