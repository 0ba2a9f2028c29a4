// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '../types';
import {
  EMPTY_EMPLOYEE,
  canEdit,
  employeeBody,
  employeeRules,
  firstStepWithError,
  invalidFields,
  valuesFromRecord,
  visibleSteps,
  type EmployeeFormAccess,
  type EmployeeFormValues,
} from './employee-form';

const messages = {
  name: 'name',
  email: 'email',
  section: 'section',
  position: 'position',
  status: 'status',
  salary: 'salary',
  roles: 'roles',
  password: 'password',
  passwordConfirm: 'confirm',
  oldPassword: 'old',
};

const admin: EmployeeFormAccess = {
  mode: 'create',
  canManage: true,
  canSalary: true,
  canAuth: true,
  own: false,
};
const clerk: EmployeeFormAccess = { ...admin, canSalary: false, canAuth: false };
const self: EmployeeFormAccess = {
  mode: 'update',
  canManage: false,
  canSalary: false,
  canAuth: false,
  own: true,
};

const valid: EmployeeFormValues = {
  ...EMPTY_EMPLOYEE,
  name: 'Amna Hassan',
  email: 'amna@example.org',
  employment_section: 's1',
  employment_position: 'p1',
  employment_status: 'Active',
  basic_salary: 1200,
  roles: ['r1'],
  password: 'long-enough-1',
  passwordConfirm: 'long-enough-1',
};

describe('employee wizard model', () => {
  it('shows the salary and authentication steps only to those who may see them', () => {
    expect(visibleSteps(admin)).toEqual(['personal', 'contact', 'employment', 'salary', 'auth']);
    expect(visibleSteps(clerk)).toEqual(['personal', 'contact', 'employment']);
    // People editing themselves keep the authentication step to change their password.
    expect(visibleSteps(self)).toEqual(['personal', 'contact', 'employment', 'auth']);
  });

  it('lets people without employees.update change only their self-editable fields', () => {
    expect(canEdit(self, 'address')).toBe(true);
    expect(canEdit(self, 'phone_numbers')).toBe(true);
    expect(canEdit(self, 'avatar')).toBe(true);
    expect(canEdit(self, 'name')).toBe(false);
    expect(canEdit(self, 'employment_status')).toBe(false);
    expect(canEdit(self, 'basic_salary')).toBe(false);
    expect(canEdit(self, 'roles')).toBe(false);
    expect(canEdit(self, 'password')).toBe(true);
    expect(canEdit({ ...self, own: false, canManage: true }, 'password')).toBe(false);
  });

  it('finds every invalid field with the spec messages', () => {
    const rules = employeeRules(admin, messages);
    expect(invalidFields(valid, rules)).toEqual([]);
    const bad = {
      ...valid,
      name: 'Am',
      email: 'nope',
      basic_salary: 0,
      roles: [],
      password: 'short',
      passwordConfirm: 'other',
    };
    expect(invalidFields(bad, rules)).toEqual([
      'name',
      'email',
      'basic_salary',
      'roles',
      'password',
      'passwordConfirm',
    ]);
    expect(invalidFields({ ...valid, employment_section: null }, rules)).toEqual([
      'employment_section',
    ]);
  });

  it('does not ask for a salary or roles when those steps are hidden', () => {
    const rules = employeeRules(clerk, messages);
    expect(invalidFields({ ...valid, basic_salary: null, roles: [], password: '' }, rules)).toEqual(
      [],
    );
  });

  it('checks a password change only once it was started', () => {
    const rules = employeeRules(self, messages);
    expect(invalidFields({ ...valid, password: '', passwordConfirm: '' }, rules)).toEqual([]);
    expect(
      invalidFields(
        { ...valid, oldPassword: '', password: 'new-password-1', passwordConfirm: 'x' },
        rules,
      ),
    ).toEqual(['passwordConfirm', 'oldPassword']);
  });

  it('goes to the first visible step holding an error', () => {
    const steps = visibleSteps(admin);
    expect(firstStepWithError(['roles', 'employment_section', 'email'], steps)).toBe(1);
    expect(firstStepWithError(['password'], steps)).toBe(4);
    expect(firstStepWithError(['unknownField'], steps)).toBeNull();
    expect(firstStepWithError(['basic_salary'], visibleSteps(clerk))).toBeNull();
  });

  it('creates with emailVisibility, API dates and the typed password', () => {
    const avatar = new File(['x'], 'me.png', { type: 'image/png' });
    const body = employeeBody({ ...valid, avatar, birth_date: '1990-06-15', project: null }, admin);
    expect(body).toMatchObject({
      name: 'Amna Hassan',
      email: 'amna@example.org',
      emailVisibility: true,
      birth_date: '1990-06-15 00:00:00.000Z',
      project: '',
      basic_salary: 1200,
      roles: ['r1'],
      password: 'long-enough-1',
      passwordConfirm: 'long-enough-1',
    });
    expect(body.avatar).toBe(avatar);
    expect(body).not.toHaveProperty('oldPassword');
  });

  it('creates without salary or roles, on the default password, when those steps are hidden', () => {
    const body = employeeBody(valid, clerk, '12345678');
    expect(body).not.toHaveProperty('basic_salary');
    expect(body).not.toHaveProperty('allowances');
    expect(body).not.toHaveProperty('roles');
    expect(body.password).toBe('12345678');
    expect(body.passwordConfirm).toBe('12345678');
    expect(body).not.toHaveProperty('avatar');
  });

  it('sends only self-editable fields, and the password change with the old password', () => {
    const body = employeeBody(
      {
        ...valid,
        removeAvatar: true,
        oldPassword: 'old-1',
        password: 'new-password-1',
        passwordConfirm: 'new-password-1',
      },
      self,
    );
    expect(Object.keys(body).sort()).toEqual(
      [
        'address',
        'avatar',
        'marital_status',
        'number_of_children',
        'oldPassword',
        'password',
        'passwordConfirm',
        'phone_numbers',
      ].sort(),
    );
    expect(body.avatar).toBeNull();
    expect(employeeBody(valid, { ...self, own: false, canManage: true })).not.toHaveProperty(
      'password',
    );
  });

  it('reads a stored record back into the wizard', () => {
    const record = {
      id: 'e1',
      name: 'Khalid',
      email: 'k@example.org',
      birth_date: '1982-03-12 00:00:00.000Z',
      starting_date: '',
      phone_numbers: ['+249 91', 3],
      employment_section: 's1',
      project: '',
      basic_salary: 1500,
      allowances: ['a1'],
    } as unknown as EmployeeRecord;
    const values = valuesFromRecord(record);
    expect(values.birth_date).toBe('1982-03-12');
    expect(values.starting_date).toBeNull();
    expect(values.phone_numbers).toEqual(['+249 91']);
    expect(values.project).toBeNull();
    expect(values.employment_section).toBe('s1');
    expect(values.allowances).toEqual(['a1']);
    expect(values.roles).toEqual([]);
    expect(values.password).toBe('');
  });
});
