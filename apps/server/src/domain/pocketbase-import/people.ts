import { ALL_PERMISSIONS, type Permission } from '@app/schema';
import type { Engine } from '../../core/engine';
import { createRecord } from '../../core/records';
import { newRecordId } from '../../tools/security/random';
import type { SqliteRow } from './source';
import { centsOf, existing, fileOf, importRows, list, mapValue, text, type Context } from './rows';

/**
 * Old permission keys that have another name in the catalogue. Every other key the old roles
 * screen offered (assets, donations, expenses, advances, salary_setting, members, employees,
 * projects, activities with their timelines, staff and finance, roles, users) is spelt the same
 * here; docs/import.md lists them all.
 */
const PERMISSION_MAP: Record<string, Permission> = {
  'payroll.pay_employees': 'payroll.pay',
  'payroll.read_history': 'salary_report.read',
};

/**
 * The catalogue key of an old permission key, or '' when it has none. PocketBase names the
 * action `delete`, and roles written outside the old screen (`employees.delete`) used that word
 * for what the screen and this catalogue call `remove`.
 */
function permissionOf(key: string, catalogue: ReadonlySet<string>): string {
  const renamed = PERMISSION_MAP[key] ?? key.replace(/\.delete$/, '.remove');
  return catalogue.has(renamed) ? renamed : '';
}

/** Employee fields that were free text and are settings options here. */
const OPTION_FIELDS = [
  ['employment_section', 'section'],
  ['employment_position', 'position'],
  ['employment_type', 'employment_type'],
  ['shift', 'shift'],
  ['qualification', 'qualification'],
] as const;

/** Roles, the employee options, employees (passwords kept), members, volunteers and users. */
export async function importPeople(ctx: Context, tx: Engine): Promise<void> {
  const catalogue = new Set<string>(ALL_PERMISSIONS);
  await importRows(ctx, tx, 'people', 'roles', 'roles', async (row) => {
    const keys = list(row.permissions);
    if ('error' in keys) return { refuse: `permissions: ${keys.error}` };
    const permissions: string[] = [];
    for (const key of keys) {
      const to = permissionOf(key, catalogue);
      if (!to) ctx.report.unknownPermission(key);
      else {
        if (to !== key) ctx.report.mapped('roles', 'permissions', key, to);
        permissions.push(to);
      }
    }
    return {
      data: {
        title: text(row.title) || 'Imported role',
        description: text(row.description),
        permissions: [...new Set(permissions)],
      },
    };
  });

  // Free-text options become settings options, found or made once (so a second run adds none).
  const optionIds = new Map<string, string>();
  const optionOf = async (kind: string, title: string) => {
    const key = `${kind}\u0000${title.toLowerCase()}`;
    if (optionIds.has(key)) return optionIds.get(key)!;
    const { rows } = await tx.db.query<{ id: string }>(
      `SELECT "id" FROM "employee_options" WHERE "kind" = $1 AND lower("title") = lower($2) LIMIT 1`,
      [kind, title],
    );
    const id =
      rows[0]?.id ??
      String(
        (
          await createRecord(
            tx,
            tx.registry.get('employee_options')!,
            { data: { kind, title }, files: {} },
            ctx.request,
            '127.0.0.1',
          )
        ).id,
      );
    optionIds.set(key, id);
    return id;
  };

  // The standard allowances and deductions: fixed monthly amounts in the old system.
  for (const name of ['allowance_options', 'deduction_options']) {
    await importRows(ctx, tx, 'people', name, name, async (row) => ({
      data: {
        title: text(row.title),
        calculation: 'fixed',
        amount: centsOf(ctx, name, row, 'amount') / 100,
        description: text(row.description),
        active: true,
      },
    }));
  }

  /** The ids of a multi-relation that exist here; each one that does not is reported. */
  const relationIds = async (
    value: unknown,
    field: string,
    table: string,
    from: string,
    id: string,
  ) => {
    const ids = list(value);
    if ('error' in ids) return { error: `${field}: ${ids.error}` };
    const kept: string[] = [];
    for (const other of ids) {
      const here = await existing(tx, table, other);
      if (here) kept.push(here);
      else ctx.report.problem(`${field}: ${other} does not exist; left out`, from, id);
    }
    return { ids: kept };
  };
  const roleIds = (value: unknown, from: string, id: string) =>
    relationIds(value, 'roles', 'roles', from, id);

  /** Keeps the old bcrypt hash, so people sign in with the password they know. */
  const keepPassword = (table: string, row: SqliteRow) => async (id: string) => {
    const hash = text(row.password);
    if (!/^\$2[aby]\$\d\d\$.{53}$/.test(hash)) {
      ctx.report.problem(
        'no usable password hash: the account starts on the default password',
        table,
        text(row.id),
      );
      return;
    }
    await tx.db.query(
      `UPDATE "${table}" SET "password" = $1, "mustChangePassword" = false WHERE "id" = $2`,
      [hash, id],
    );
  };
  // A throwaway password for the create; the old hash replaces it in the same transaction.
  const placeholder = () => {
    const p = `${newRecordId()}${newRecordId()}`;
    return { password: p, passwordConfirm: p };
  };

  await importRows(ctx, tx, 'people', 'employees', 'employees', async (row) => {
    const id = text(row.id);
    const phones = list(row.phone_numbers);
    if ('error' in phones) return { refuse: `phone_numbers: ${phones.error}` };
    const roles = await roleIds(row.roles, 'employees', id);
    if ('error' in roles) return { refuse: roles.error as string };
    const allowances = await relationIds(
      row.allowances,
      'allowances',
      'allowance_options',
      'employees',
      id,
    );
    if ('error' in allowances) return { refuse: allowances.error as string };
    const deductions = await relationIds(
      row.deductions,
      'deductions',
      'deduction_options',
      'employees',
      id,
    );
    if ('error' in deductions) return { refuse: deductions.error as string };
    const data: Record<string, unknown> = {
      name: text(row.name),
      email: text(row.email),
      emailVisibility: true,
      verified: Boolean(Number(row.verified ?? 0)),
      sex: text(row.sex),
      birth_date: text(row.birth_date),
      marital_status: mapValue(
        ctx,
        'employees',
        'marital_status',
        'marital_status',
        text(row.marital_status),
      ),
      number_of_children:
        row.number_of_children === null ? null : Number(row.number_of_children ?? 0),
      address: text(row.address),
      phone_numbers: phones,
      specialization: text(row.specialization),
      starting_date: text(row.starting_date),
      employment_status:
        mapValue(
          ctx,
          'employees',
          'employment_status',
          'employment_status',
          text(row.employment_status),
        ) || 'Active',
      job_description: text(row.job_description),
      basic_salary: centsOf(ctx, 'employees', row, 'basic_salary') / 100,
      roles: roles.ids,
      allowances: allowances.ids,
      deductions: deductions.ids,
      ...placeholder(),
    };
    for (const [field, kind] of OPTION_FIELDS) {
      const value = mapValue(ctx, 'employees', field, kind, text(row[field]));
      if (value) data[field] = await optionOf(kind, value);
    }
    return {
      data,
      files: await fileOf(ctx, 'employees', row, 'avatar'),
      after: keepPassword('employees', row),
    };
  });

  await importRows(ctx, tx, 'people', 'employees_tasks', 'employee_tasks', async (row) => {
    const employee = await existing(tx, 'employees', text(row.employee));
    if (!employee) return { refuse: `employee ${text(row.employee) || '(none)'} does not exist` };
    return {
      data: {
        employee,
        title: text(row.title),
        details: text(row.details),
        due_date: text(row.due_date),
        completion_date: text(row.complition_date),
      },
    };
  });

  const person = (collection: string, statusField: string) => async (row: SqliteRow) => {
    const phones = list(row.phone_numbers);
    if ('error' in phones) return { refuse: `phone_numbers: ${phones.error}` };
    return {
      data: {
        name: text(row.name),
        email: text(row.email),
        sex: text(row.sex),
        birth_date: text(row.birth_date),
        address: text(row.address),
        phone_numbers: phones,
        starting_date: text(row.starting_date),
        [statusField]: text(row.membership_status) || 'Active',
      },
      files: await fileOf(ctx, collection, row, 'avatar'),
    };
  };
  await importRows(ctx, tx, 'people', 'members', 'members', person('members', 'membership_status'));
  await importRows(ctx, tx, 'people', 'volunteers', 'volunteers', person('volunteers', 'status'));

  await importRows(ctx, tx, 'people', 'users', 'users', async (row) => {
    const roles = await roleIds(row.roles, 'users', text(row.id));
    if ('error' in roles) return { refuse: roles.error as string };
    return {
      data: {
        name: text(row.name),
        email: text(row.email),
        emailVisibility: true,
        bio: text(row.bio),
        status: text(row.status) === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED',
        roles: roles.ids,
        ...placeholder(),
      },
      files: await fileOf(ctx, 'users', row, 'avatar'),
      after: keepPassword('users', row),
    };
  });
}
