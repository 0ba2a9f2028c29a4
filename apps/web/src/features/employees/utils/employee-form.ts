/**
 * The employee wizard's model: its values, which steps and fields an account sees and may
 * change, the validation rules, the step of each field, and the bodies sent to the server.
 */
import type { FormRules } from '@/components/form/basics/use-form';
import { employees, fieldOf } from '@app/schema';
import { rules, textRules } from '@/components/form/rules';
import { firstStepOf, invalidFieldsOf } from '@/components/form/form-steps';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { EmployeeRecord } from '../types';

export type EmployeeFormValues = {
  avatar: File | null;
  /** The stored avatar is to be removed. */
  removeAvatar: boolean;
  name: string;
  sex: string | null;
  birth_date: string | null;
  marital_status: string | null;
  number_of_children: number | null;
  address: string;
  email: string;
  phone_numbers: string[];
  employment_type: string | null;
  shift: string | null;
  project: string | null;
  employment_section: string | null;
  employment_position: string | null;
  qualification: string | null;
  specialization: string;
  starting_date: string | null;
  employment_status: string | null;
  job_description: string;
  basic_salary: number | null;
  allowances: string[];
  deductions: string[];
  roles: string[];
  password: string;
  passwordConfirm: string;
  /** Only when people change their own password. */
  oldPassword: string;
};

export type EmployeeField = keyof EmployeeFormValues;

export const STEPS = ['personal', 'contact', 'employment', 'salary', 'auth'] as const;
export type StepId = (typeof STEPS)[number];

/** The step each field (and each server error key) belongs to. */
export const FIELD_STEP: Record<EmployeeField, StepId> = {
  avatar: 'personal',
  removeAvatar: 'personal',
  name: 'personal',
  sex: 'personal',
  birth_date: 'personal',
  marital_status: 'personal',
  number_of_children: 'personal',
  address: 'contact',
  email: 'contact',
  phone_numbers: 'contact',
  employment_type: 'employment',
  shift: 'employment',
  project: 'employment',
  employment_section: 'employment',
  employment_position: 'employment',
  qualification: 'employment',
  specialization: 'employment',
  starting_date: 'employment',
  employment_status: 'employment',
  job_description: 'employment',
  basic_salary: 'salary',
  allowances: 'salary',
  deductions: 'salary',
  roles: 'auth',
  password: 'auth',
  passwordConfirm: 'auth',
  oldPassword: 'auth',
};

/** The fields people may change on their own record without employees.update (the server's list). */
export const SELF_EDITABLE: readonly EmployeeField[] = [
  'avatar',
  'removeAvatar',
  'address',
  'phone_numbers',
  'marital_status',
  'number_of_children',
];

export const EMPTY_EMPLOYEE: EmployeeFormValues = {
  avatar: null,
  removeAvatar: false,
  name: '',
  sex: null,
  birth_date: null,
  marital_status: null,
  number_of_children: 0,
  address: '',
  email: '',
  phone_numbers: [],
  employment_type: null,
  shift: null,
  project: null,
  employment_section: null,
  employment_position: null,
  qualification: null,
  specialization: '',
  starting_date: null,
  employment_status: 'Active',
  job_description: '',
  basic_salary: null,
  allowances: [],
  deductions: [],
  roles: [],
  password: '',
  passwordConfirm: '',
  oldPassword: '',
};

/** What the signed-in account may see and change in the wizard. */
export type EmployeeFormAccess = {
  mode: 'create' | 'update';
  /** employees.create (create) or employees.update (update): every ordinary field. */
  canManage: boolean;
  /** employees.read_salary. */
  canSalary: boolean;
  /** employees.read_auth. */
  canAuth: boolean;
  /** The record is the account's own (update only). */
  own: boolean;
};

export function visibleSteps(access: EmployeeFormAccess): StepId[] {
  return STEPS.filter((step) => {
    if (step === 'salary') return access.canSalary;
    if (step === 'auth') return access.canAuth || (access.mode === 'update' && access.own);
    return true;
  });
}

/** True when the account may change this field (the server refuses the others). */
export function canEdit(access: EmployeeFormAccess, field: EmployeeField): boolean {
  const step = FIELD_STEP[field];
  if (field === 'password' || field === 'passwordConfirm') {
    return access.mode === 'create' ? access.canAuth : access.own;
  }
  if (field === 'oldPassword') return access.mode === 'update' && access.own;
  if (step === 'salary') return access.canSalary && access.canManage;
  if (field === 'roles') return access.canAuth && access.canManage;
  if (access.canManage) return true;
  return access.mode === 'update' && access.own && SELF_EDITABLE.includes(field);
}

/** A new employee without the authentication step gets the default password (changed at first sign-in). */
export function usesDefaultPassword(access: EmployeeFormAccess): boolean {
  return access.mode === 'create' && !access.canAuth;
}

export type EmployeeMessages = {
  name: string;
  email: string;
  section: string;
  position: string;
  status: string;
  salary: string;
  roles: string;
  password: string;
  passwordConfirm: string;
  oldPassword: string;
  /** Given the declared maximum length. */
  tooLong?: (max: number) => string;
};

/** True when a password change was started (update of one's own record). */
export function changesPassword(values: EmployeeFormValues): boolean {
  return values.oldPassword !== '' || values.password !== '' || values.passwordConfirm !== '';
}

/** The rules of the fields the account may change. */
export function employeeRules(
  access: EmployeeFormAccess,
  m: EmployeeMessages,
): FormRules<EmployeeFormValues> {
  const result: FormRules<EmployeeFormValues> = {};
  const editable = (field: EmployeeField) => canEdit(access, field);
  if (editable('name')) {
    // Required, at least and at most as many characters as the declaration says.
    result.name = textRules(fieldOf(employees, 'name'), {
      required: m.name,
      tooShort: m.name,
      tooLong: m.tooLong ?? (() => m.name),
    });
  }
  if (editable('email')) {
    result.email = [rules.required(m.email), rules.email(m.email)];
  }
  if (editable('employment_section')) result.employment_section = [rules.required(m.section)];
  if (editable('employment_position')) result.employment_position = [rules.required(m.position)];
  if (editable('employment_status')) result.employment_status = [rules.required(m.status)];
  if (editable('basic_salary')) {
    // A new employee needs a salary; an existing record stored at 0 (the first administrator) may keep it.
    const minimum = access.mode === 'create' ? (v: number) => v > 0 : (v: number) => v >= 0;
    result.basic_salary = [(v) => (v !== null && minimum(v) ? true : m.salary)];
  }
  if (editable('roles')) result.roles = [rules.minItems(1, m.roles)];
  if (access.mode === 'create' && editable('password')) {
    result.password = [
      rules.required(m.password),
      rules.minLength(MIN_PASSWORD_LENGTH, m.password),
    ];
    result.passwordConfirm = [(v, all) => (v === all.password ? true : m.passwordConfirm)];
  } else if (access.mode === 'update' && editable('password')) {
    // Checked only once a change was started: leaving the three fields empty keeps the password.
    result.oldPassword = [(v, all) => (!changesPassword(all) || v !== '' ? true : m.oldPassword)];
    result.password = [
      (v, all) =>
        !changesPassword(all) || [...v].length >= MIN_PASSWORD_LENGTH ? true : m.password,
    ];
    result.passwordConfirm = [
      (v, all) => (!changesPassword(all) || v === all.password ? true : m.passwordConfirm),
    ];
  }
  return result;
}

/** The fields whose rules fail, in form order. */
export function invalidFields(
  values: EmployeeFormValues,
  fieldRules: FormRules<EmployeeFormValues>,
): EmployeeField[] {
  return invalidFieldsOf(values, fieldRules) as EmployeeField[];
}

/**
 * The first of the visible steps holding one of these fields (form or server error keys);
 * null when none does.
 */
export function firstStepWithError(
  fields: readonly string[],
  steps: readonly StepId[],
): number | null {
  return firstStepOf(fields, (field) => {
    const step = FIELD_STEP[field as EmployeeField];
    return step ? steps.indexOf(step) : -1;
  });
}

/** The wizard's values for a stored employee (fetched with its relations expanded). */
export function valuesFromRecord(record: EmployeeRecord): EmployeeFormValues {
  const phones = Array.isArray(record.phone_numbers)
    ? record.phone_numbers.filter((p): p is string => typeof p === 'string')
    : [];
  return {
    ...EMPTY_EMPLOYEE,
    name: record.name ?? '',
    sex: record.sex || null,
    birth_date: fromApiDate(record.birth_date),
    marital_status: record.marital_status || null,
    number_of_children: record.number_of_children ?? 0,
    address: record.address ?? '',
    email: record.email ?? '',
    phone_numbers: phones,
    employment_type: record.employment_type || null,
    shift: record.shift || null,
    project: record.project || null,
    employment_section: record.employment_section || null,
    employment_position: record.employment_position || null,
    qualification: record.qualification || null,
    specialization: record.specialization ?? '',
    starting_date: fromApiDate(record.starting_date),
    employment_status: record.employment_status || null,
    job_description: record.job_description ?? '',
    basic_salary: record.basic_salary ?? null,
    allowances: record.allowances ?? [],
    deductions: record.deductions ?? [],
    roles: record.roles ?? [],
  };
}

export type EmployeeBody = Record<string, unknown>;

/** A value as the server stores it: '' for no choice, API dates, trimmed text. */
function serverValue(field: EmployeeField, values: EmployeeFormValues): unknown {
  switch (field) {
    case 'birth_date':
    case 'starting_date':
      return toApiDate(values[field]);
    case 'name':
    case 'email':
    case 'address':
    case 'specialization':
      return values[field].trim();
    case 'number_of_children':
      return values.number_of_children ?? 0;
    case 'basic_salary':
      return values.basic_salary ?? 0;
    default: {
      const value = values[field];
      return value === null ? '' : value;
    }
  }
}

const RECORD_FIELDS: readonly EmployeeField[] = [
  'name',
  'sex',
  'birth_date',
  'marital_status',
  'number_of_children',
  'address',
  'email',
  'phone_numbers',
  'employment_type',
  'shift',
  'project',
  'employment_section',
  'employment_position',
  'qualification',
  'specialization',
  'starting_date',
  'employment_status',
  'job_description',
  'basic_salary',
  'allowances',
  'deductions',
  'roles',
];

/**
 * The body of a create or update: only the fields the account may change, the avatar only when
 * one was chosen (or removed), the password only when it is set or changed. An object holding a
 * File is sent by the SDK as multipart.
 */
export function employeeBody(
  values: EmployeeFormValues,
  access: EmployeeFormAccess,
  /** The server's default password (`GET /api/accounts/default-password`), for a new account. */
  defaultPassword = '',
): EmployeeBody {
  const body: EmployeeBody = {};
  for (const field of RECORD_FIELDS) {
    if (canEdit(access, field)) body[field] = serverValue(field, values);
  }
  if (canEdit(access, 'avatar')) {
    if (values.avatar) body.avatar = values.avatar;
    else if (access.mode === 'update' && values.removeAvatar) body.avatar = null;
  }
  if (access.mode === 'create') {
    body.emailVisibility = true;
    const onDefault = usesDefaultPassword(access);
    body.password = onDefault ? defaultPassword : values.password;
    body.passwordConfirm = onDefault ? defaultPassword : values.passwordConfirm;
  } else if (canEdit(access, 'password') && changesPassword(values)) {
    body.oldPassword = values.oldPassword;
    body.password = values.password;
    body.passwordConfirm = values.passwordConfirm;
  }
  return body;
}
