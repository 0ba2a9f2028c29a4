import { createHash } from 'node:crypto';
import { ALL_PERMISSIONS, AUDIT_CATEGORIES, RESOURCE_TAGS, type Permission } from '@app/schema';
import { auditHeldBy, auditTemplateTitle } from '../../core/audit';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import type { UploadedFile } from '../../core/record-write';
import { createRecord, updateRecord } from '../../core/records';
import type { Row } from '../../core/record-export';
import { formatDate } from '../../core/values';
import { auditSideChange } from '../finance';
import { centsText, postEntries, type Cents } from '../finance-ledger';
import { recomputeTotals } from '../payroll';
import { projectVaultId } from '../project-finance';
import type { RequestInfo } from '../../core/request-info';
import { inOneTransaction } from '../../core/unit-of-work';
import { newRecordId } from '../../tools/security/random';
import { ReportBuilder, formatReport, type ImportProgress, type ImportReport } from './report';
import {
  FileTooLarge,
  MAX_VALUE_CHARS,
  openBackup,
  type BackupSource,
  type SqliteRow,
} from './source';

export { formatReport, type ImportProgress, type ImportReport };

/**
 * The current system's values that changed on the way (misspellings, renamed statuses). A value
 * not listed is kept as it is; the report lists every value that was changed.
 */
const VALUE_MAPS: Record<string, Record<string, string>> = {
  marital_status: { Marred: 'Married' },
  employment_status: { In_Vacation: 'On_Leave', 'In Vacation': 'On_Leave' },
  section: { 'Human Resorces': 'Human Resources' },
  qualification: {
    'Less thab Heigh School': 'Less than high school',
    'Heigh School': 'High school',
    BSd: 'BSc',
    PHD: 'PhD',
  },
};

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

class DryRunRollback extends Error {}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** A PocketBase multi-value field: a JSON array (or, from older versions, one bare value). */
function list(v: unknown): string[] | { error: string } {
  const raw = text(v);
  if (raw === '') return [];
  if (!raw.startsWith('[')) return [raw];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return { error: 'not a list' };
    return parsed.map((x) => String(x));
  } catch {
    return { error: `bad JSON: ${raw.slice(0, 40)}` };
  }
}

const validId = (id: string) => /^[a-z0-9]{15}$/.test(id);

/**
 * The id a record gets when its old one is not valid here: derived from the old one, so a second
 * run finds it and skips it instead of importing it twice.
 */
function stableId(oldId: string): string {
  const digest = createHash('sha256').update(`pocketbase-import:${oldId}`).digest();
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(digest.subarray(0, 15), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * An old amount in cents. Money is never rounded silently: the old system stored floats, and a
 * value with more than two decimals is rounded half up to the cent, with the report naming it.
 */
function centsOf(
  ctx: Context,
  from: string,
  row: SqliteRow,
  field: string,
  value?: unknown,
): Cents {
  const n = Number((value === undefined ? row[field] : value) ?? 0);
  const c = Math.round(n * 100);
  if (Number.isFinite(n) && Math.abs(n * 100 - c) > 1e-6)
    ctx.report.problem(
      `${field} ${n} has more than two decimals: rounded to ${centsText(c)}`,
      from,
      text(row.id),
    );
  return c;
}

/** Why the engine refused a record, in one line (its field errors named). */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.entries((error.data ?? {}) as Record<string, { message?: string }>)
      .map(([f, e]) => `${f}: ${e?.message ?? 'invalid'}`)
      .join('; ');
    return fields ? `${error.message} (${fields})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

type Context = {
  engine: Engine;
  request: RequestInfo;
  source: BackupSource;
  report: ReportBuilder;
  collectionIds: Map<string, string>;
  onProgress?: (p: ImportProgress) => void;
};

/** One old collection read row by row, each row written (or refused) under a savepoint. */
async function importRows(
  ctx: Context,
  tx: Engine,
  group: string,
  from: string,
  to: string,
  toRecord: (row: SqliteRow) => Promise<
    | {
        data: Record<string, unknown>;
        files?: Record<string, UploadedFile[]>;
        after?: (id: string) => Promise<void>;
      }
    | { refuse: string }
  >,
  /** Takes only these rows (a second call takes the rest, e.g. replies after their posts). */
  only?: (row: SqliteRow) => boolean,
): Promise<void> {
  const entry = ctx.report.collection(from, to);
  if (!ctx.source.tables().has(from)) {
    ctx.report.problem('the table is missing from the backup; nothing imported from it', from);
    return;
  }
  const target = tx.registry.get(to)!;
  const total = ctx.source.count(from);
  let done = 0;
  for (const row of ctx.source.rows(from)) {
    if (only && !only(row)) continue;
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    if (id !== oldId)
      ctx.report.problem(`id "${oldId}" is not valid here; imported as ${id}`, from, oldId);
    const { rows: existing } = await tx.db.query(
      `SELECT 1 FROM "${target.table}" WHERE "id" = $1`,
      [id],
    );
    if (existing.length) {
      entry.skipped++;
      continue;
    }
    const plan = await toRecord(row);
    if ('refuse' in plan) {
      entry.refused.push({ id: oldId, reason: plan.refuse });
      continue;
    }
    // A refused row must not abort the transaction of the whole group (PostgreSQL).
    await tx.db.query('SAVEPOINT import_row');
    try {
      await createRecord(
        tx,
        target,
        { data: { ...plan.data, id }, files: plan.files ?? {} },
        ctx.request,
        '127.0.0.1',
      );
      await plan.after?.(id);
      await keepDates(tx, target.table, id, row);
      await tx.db.query('RELEASE SAVEPOINT import_row');
      entry.toImport++;
    } catch (error) {
      await tx.db.query('ROLLBACK TO SAVEPOINT import_row');
      entry.refused.push({ id: oldId, reason: reasonOf(error) });
    }
    done++;
    if (done % 100 === 0) ctx.onProgress?.({ group, collection: from, done, total });
  }
  ctx.onProgress?.({ group, collection: from, done, total });
}

const PB_DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * Keeps when a record was made and last changed in the old system (timelines and lists are in
 * that order), instead of the moment of the import.
 */
async function keepDates(tx: Engine, table: string, id: string, row: SqliteRow): Promise<void> {
  const created = text(row.created);
  const updated = text(row.updated) || created;
  if (!PB_DATE.test(created) || !PB_DATE.test(updated)) return;
  await tx.db.query(`UPDATE "${table}" SET "created" = $1, "updated" = $2 WHERE "id" = $3`, [
    created,
    updated,
    id,
  ]);
}

/** A stored file larger than any file field holds is left out unread, and reported. */
function tooLarge(
  ctx: Context,
  from: string,
  row: SqliteRow,
  field: string,
  name: string,
  file: FileTooLarge,
): undefined {
  ctx.report.problem(
    `file "${name}" of ${field} is ${file.size} bytes, more than the ${file.limit} a file may have here: left out unread`,
    from,
    text(row.id),
  );
  return undefined;
}

/** A stored file of an old record, for an upload field; a missing file is reported, not fatal. */
async function fileOf(ctx: Context, from: string, row: SqliteRow, field: string) {
  const name = text(row[field]);
  if (!name) return undefined;
  const data = await ctx.source.file(ctx.collectionIds.get(from) ?? '', text(row.id), name);
  if (data instanceof FileTooLarge) return tooLarge(ctx, from, row, field, name, data);
  if (!data) {
    ctx.report.problem(`file "${name}" of ${field} is missing from the backup`, from, text(row.id));
    return undefined;
  }
  return { [field]: [{ filename: name, data }] };
}

/** The stored files of a multi-file field; each missing one is reported and left out. */
async function filesOf(ctx: Context, from: string, row: SqliteRow, field: string) {
  const names = list(row[field]);
  if ('error' in names) {
    ctx.report.problem(`${field}: ${names.error}`, from, text(row.id));
    return undefined;
  }
  const files: UploadedFile[] = [];
  for (const name of names) {
    const data = await ctx.source.file(ctx.collectionIds.get(from) ?? '', text(row.id), name);
    if (data instanceof FileTooLarge) tooLarge(ctx, from, row, field, name, data);
    else if (data) files.push({ filename: name, data });
    else
      ctx.report.problem(
        `file "${name}" of ${field} is missing from the backup`,
        from,
        text(row.id),
      );
  }
  return files.length ? { [field]: files } : undefined;
}

function mapValue(ctx: Context, collection: string, field: string, kind: string, value: string) {
  const to = VALUE_MAPS[kind]?.[value];
  if (to === undefined) return value;
  ctx.report.mapped(collection, field, value, to);
  return to;
}

/** Roles, the employee options, employees (passwords kept), members, volunteers and users. */
async function importPeople(ctx: Context, tx: Engine): Promise<void> {
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

/** The id of an old relation when its record is here (imported or already present), else ''. */
async function existing(tx: Engine, table: string, oldId: string): Promise<string> {
  const id = validId(oldId) ? oldId : oldId ? stableId(oldId) : '';
  if (!id) return '';
  const { rows } = await tx.db.query(`SELECT 1 FROM "${table}" WHERE "id" = $1`, [id]);
  return rows.length ? id : '';
}

/** The old committee tables, misspelt, and the collections they became. */
const COMMITTEES = [
  ['project_financial_commities', 'project_financial_committees'],
  ['project_purchases_commities', 'project_purchases_committees'],
] as const;

/**
 * Projects (with the employees' project link), activities, both timelines (posts before their
 * replies, authors kept), project and activity staff and the two committees of each project.
 */
async function importProjects(ctx: Context, tx: Engine): Promise<void> {
  const html = (row: SqliteRow, fields: readonly string[]) =>
    Object.fromEntries(fields.map((f) => [f, text(row[f])]));

  await importRows(ctx, tx, 'projects', 'projects', 'projects', async (row) => ({
    data: {
      title: text(row.title),
      place: text(row.place),
      starting_date: text(row.starting_date),
      end_date: text(row.end_date),
      ...html(row, [
        'details',
        'objectives',
        'targeted_groups',
        'context_dependant_topics',
        'narrative_report',
      ]),
    },
  }));

  // The old Staff tab listed the employees whose `project` names the project: keep that link.
  if (ctx.source.tables().has('employees')) {
    for (const row of ctx.source.rows('employees')) {
      const oldProject = text(row.project);
      if (!oldProject) continue;
      const project = await existing(tx, 'projects', oldProject);
      const employee = await existing(tx, 'employees', text(row.id));
      if (!project || !employee) {
        ctx.report.problem(
          `project ${oldProject} ${project ? 'found' : 'does not exist'}, employee ${employee ? 'found' : 'not imported'}: the project link is left out`,
          'employees',
          text(row.id),
        );
        continue;
      }
      await tx.db.query(
        `UPDATE "employees" SET "project" = $1 WHERE "id" = $2 AND "project" = ''`,
        [project, employee],
      );
    }
  }

  await importRows(
    ctx,
    tx,
    'projects',
    'projects_activities',
    'projects_activities',
    async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      const audience = Number(row.audience_count ?? 0);
      return {
        data: {
          project,
          title: text(row.title),
          place: text(row.place),
          starting_date: text(row.starting_date),
          end_date: text(row.end_date),
          audience_count: Number.isFinite(audience) ? audience : 0,
          ...html(row, [
            'description',
            'participants',
            'partners',
            'challenges',
            'how_challenges_faced',
            'success_stories',
            'lessons',
            'recommendations',
          ]),
        },
      };
    },
  );

  // Timelines: the server sets a post's author from the signed-in account, so the old author is
  // put back afterwards; replies come after the posts they answer.
  const timeline = async (from: string, owner: string, ownerTable: string) => {
    const plan = async (row: SqliteRow) => {
      const parent = await existing(tx, ownerTable, text(row[owner]));
      if (!parent) return { refuse: `${owner} ${text(row[owner]) || '(none)'} does not exist` };
      const replyTo = text(row.reply_to);
      const reply = replyTo ? await existing(tx, from, replyTo) : '';
      if (replyTo && !reply) return { refuse: `the post it answers (${replyTo}) was not imported` };
      const creator = await existing(tx, 'employees', text(row.creator));
      if (text(row.creator) && !creator)
        ctx.report.problem(
          `author ${text(row.creator)} was not imported: the post shows as the system's`,
          from,
          text(row.id),
        );
      return {
        data: { [owner]: parent, title: text(row.title), post: text(row.post), reply_to: reply },
        after: async (id: string) => {
          await tx.db.query(`UPDATE "${from}" SET "creator" = $1 WHERE "id" = $2`, [creator, id]);
        },
      };
    };
    await importRows(ctx, tx, 'projects', from, from, plan, (row) => !text(row.reply_to));
    await importRows(ctx, tx, 'projects', from, from, plan, (row) => Boolean(text(row.reply_to)));
  };
  await timeline('projects_timelines', 'project', 'projects');
  await timeline('activities_timelines', 'activity', 'projects_activities');

  // Staff and committees are written as the import (request context `import`): a seat of an
  // employee who is not active today (on leave, resigned) existed in the old system, and the
  // history made in it stays, so it is kept, and the report says so. The person acts on it again
  // once active; seats chosen on the screens are still for active employees only.
  const replay: Context = { ...ctx, request: { ...ctx.request, context: 'import' } };
  const keptSeat = async (from: string, oldId: string, employee: string) => {
    const { rows } = await tx.db.query<{ status: string }>(
      `SELECT "employment_status" AS status FROM "employees" WHERE "id" = $1`,
      [employee],
    );
    const status = rows[0]?.status ?? '';
    if (status !== 'Active')
      ctx.report.adjusted(
        from,
        oldId,
        `employee ${employee} is ${status || 'not active'} today: the seat is kept, and they act on it once active again`,
      );
  };

  // Staff of projects and of activities: one old `person_id` becomes the employee or the member
  // its type names. A type the old data does not say is read from where the person is found.
  const staff = (from: string, owner: string, ownerTable: string) =>
    importRows(replay, tx, 'projects', from, from, async (row) => {
      const oldId = text(row.id);
      const parent = await existing(tx, ownerTable, text(row[owner]));
      if (!parent) return { refuse: `${owner} ${text(row[owner]) || '(none)'} does not exist` };
      const personId = text(row.person_id);
      const oldType = text(row.type);
      let type = oldType;
      let person = '';
      if (type === 'employee' || type === 'member')
        person = await existing(tx, type === 'employee' ? 'employees' : 'members', personId);
      else {
        const employee = await existing(tx, 'employees', personId);
        const member = employee ? '' : await existing(tx, 'members', personId);
        if (!employee && !member)
          return {
            refuse: `type "${oldType}", and ${personId || '(none)'} is no employee or member here`,
          };
        type = employee ? 'employee' : 'member';
        person = employee || member;
      }
      if (!person) return { refuse: `${type} ${personId || '(none)'} does not exist` };
      return {
        data: {
          [owner]: parent,
          type,
          [type]: person,
          position: text(row.position),
          description: text(row.description),
        },
        after: async () => {
          if (type !== oldType)
            ctx.report.adjusted(
              from,
              oldId,
              `type "${oldType}" is neither employee nor member: ${person} is a ${type} here, so the type is ${type}`,
            );
          if (type === 'employee') await keptSeat(from, oldId, person);
        },
      };
    });
  await staff('projects_staff', 'project', 'projects');
  await staff('activities_staff', 'activity', 'projects_activities');

  for (const [from, to] of COMMITTEES) {
    await importRows(replay, tx, 'projects', from, to, async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      const employee = await existing(tx, 'employees', text(row.employee));
      if (!employee) return { refuse: `employee ${text(row.employee) || '(none)'} does not exist` };
      const flag = (v: unknown) => v === true || text(v) === '1' || text(v) === 'true';
      return {
        data: {
          project,
          employee,
          can_create: flag(row.can_create),
          can_update_status: flag(row.can_update_status),
        },
        after: () => keptSeat(from, text(row.id), employee),
      };
    });
  }
}

/**
 * The website's topics, articles (with covers) and resources (with attachments). The old site
 * showed every post, so they arrive published, on the day they were written.
 */
async function importWebsite(ctx: Context, tx: Engine): Promise<void> {
  const published = (row: SqliteRow) => ({
    status: 'published',
    published_at: PB_DATE.test(text(row.created)) ? text(row.created) : '',
  });
  await importRows(ctx, tx, 'website', 'blog_topics', 'blog_topics', async (row) => ({
    data: { title: text(row.title), description: text(row.description) },
  }));
  await importRows(ctx, tx, 'website', 'blog_articles', 'blog_articles', async (row) => {
    const topic = await existing(tx, 'blog_topics', text(row.topic));
    if (!topic) return { refuse: `topic ${text(row.topic) || '(none)'} does not exist` };
    return {
      data: {
        topic,
        title: text(row.title),
        short_description: text(row.short_description),
        full_text: text(row.full_text),
        ...published(row),
      },
      files: await fileOf(ctx, 'blog_articles', row, 'cover_image'),
    };
  });
  const tags = new Set<string>(RESOURCE_TAGS);
  await importRows(ctx, tx, 'website', 'website_resources', 'website_resources', async (row) => {
    const values = list(row.tags);
    if ('error' in values) return { refuse: `tags: ${values.error}` };
    for (const tag of values)
      if (!tags.has(tag))
        ctx.report.problem(
          `tag "${tag}" is not one of ours; left out`,
          'website_resources',
          text(row.id),
        );
    return {
      data: {
        title: text(row.title),
        embed_script: text(row.embed_script),
        full_text: text(row.full_text),
        tags: values.filter((tag) => tags.has(tag)),
        ...published(row),
      },
      files: await filesOf(ctx, 'website_resources', row, 'attachments'),
    };
  });
}

/**
 * Assets. The old book value is kept as the opening depreciation (price − book value) with no
 * schedule of its own, so today's book value is the same; the old damage rate, which nothing
 * computed from, goes in the report.
 */
async function importFinance(ctx: Context, tx: Engine): Promise<void> {
  await importRows(ctx, tx, 'finance', 'assets', 'assets', async (row) => {
    const id = text(row.id);
    const price = centsOf(ctx, 'assets', row, 'price');
    const book =
      row.book_value === null || text(row.book_value) === ''
        ? price
        : centsOf(ctx, 'assets', row, 'book_value');
    if (!Number.isFinite(price) || price < 0)
      return { refuse: `price "${text(row.price)}" is not an amount` };
    const opening = Math.min(Math.max(price - book, 0), price);
    if (opening > 0 || text(row.damage_rate))
      ctx.report.money(
        `asset ${id} (${text(row.title)})`,
        `price ${(price / 100).toFixed(2)}, book value ${(book / 100).toFixed(2)}, damage rate ${text(row.damage_rate) || '-'}`,
        `opening depreciation ${(opening / 100).toFixed(2)}, no schedule`,
      );
    const status = ['New', 'Second', 'Eliminated'].includes(text(row.status))
      ? text(row.status)
      : 'New';
    if (status !== text(row.status))
      ctx.report.mapped('assets', 'status', text(row.status), status);
    const eliminated = status === 'Eliminated';
    const reason = text(row.eleminaion_reason);
    const created = text(row.created);
    return {
      data: {
        title: text(row.title),
        price: price / 100,
        bill_number: text(row.bill_number),
        status,
        purchase_date: PB_DATE.test(created) ? created : '',
        elimination_date: eliminated ? text(row.elmination_date) || created : '',
        elimination_reason: eliminated ? reason || 'Not recorded in the old system' : '',
        details: text(row.details),
        depreciation_method: 'none',
        opening_accumulated: opening / 100,
      },
    };
  });
}

/**
 * Where the old records paid out more than a vault held, an opening balance entry (kind
 * `correction`) just before the payment covers exactly the difference, so the payment goes
 * through as it did in the old system. Returns the amount added (cents).
 */
async function coverShortfall(
  ctx: Context,
  tx: Engine,
  vault: string,
  amount: Cents,
  date: string,
  row: SqliteRow,
): Promise<Cents> {
  const short = amount - (await balanceOf(tx, vault));
  if (short <= 0) return 0;
  await postEntries(
    tx.db,
    [
      {
        vault,
        amount: short,
        kind: 'correction',
        date,
        source: { collection: 'pocketbase_import', id: text(row.id) },
        statement: 'Opening balance: the old records paid out more than this vault had taken in',
      },
    ],
    ctx.request,
  );
  return short;
}

/** The main vault (the organisation's own money), made when the database has none yet. */
async function mainVault(ctx: Context, tx: Engine): Promise<string> {
  const { rows } = await tx.db.query<{ id: string }>(
    `SELECT "id" FROM "vaults" WHERE "kind" = 'main' ORDER BY "_rowid" LIMIT 1`,
  );
  if (rows[0]) return rows[0].id;
  const made = await createRecord(
    tx,
    tx.registry.get('vaults')!,
    { data: { title: 'Main vault', kind: 'main', currency: 'USD', active: true }, files: {} },
    ctx.request,
    '127.0.0.1',
  );
  return String(made.id);
}

/** The project's vault, or '' when the project has none (the row is then refused). */
async function projectVaultOf(tx: Engine, project: string): Promise<string> {
  return project ? projectVaultId(tx.db, project).catch(() => '') : '';
}

async function balanceOf(tx: Engine, vault: string): Promise<Cents> {
  const { rows } = await tx.db.query<{ cents: string }>(
    `SELECT round("balance" * 100)::bigint::text AS cents FROM "vaults" WHERE "id" = $1`,
    [vault],
  );
  return Number(rows[0]?.cents ?? 0);
}

/**
 * The old money: the `finance` table into the main vault, `project_finance` and
 * `activities_finance` into their project's vault, all through the ledger (donations first, then
 * expenses approved and paid, so each vault's balance is its old donations minus expenses). Where
 * the old records paid out more than a vault had, an opening balance entry covers the difference
 * just before that payment, and the report says how much.
 */
async function importLedger(ctx: Context, tx: Engine): Promise<void> {
  const main = await mainVault(ctx, tx);
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const day = (row: SqliteRow) => {
    const created = text(row.created);
    return PB_DATE.test(created) ? created : '';
  };

  // Where each old row goes; a row whose project or activity is not here is refused.
  const plans = new Map<string, { vault: string; project: string; activity: string } | string>();
  const placed = async (table: string, row: SqliteRow) => {
    const key = `${table}\u0000${text(row.id)}`;
    if (!plans.has(key)) {
      if (table === 'finance') plans.set(key, { vault: main, project: '', activity: '' });
      else {
        let project = '';
        let activity = '';
        if (table === 'activities_finance') {
          activity = await existing(tx, 'projects_activities', text(row.activity));
          if (!activity) {
            plans.set(key, `activity ${text(row.activity) || '(none)'} does not exist`);
            return plans.get(key)!;
          }
          const { rows } = await tx.db.query<{ project: string }>(
            `SELECT "project" FROM "projects_activities" WHERE "id" = $1`,
            [activity],
          );
          project = rows[0]?.project ?? '';
        } else project = await existing(tx, 'projects', text(row.project));
        const vault = await projectVaultOf(tx, project);
        plans.set(
          key,
          vault
            ? { vault, project, activity }
            : `project ${text(row.project) || project || '(none)'} has no vault here`,
        );
      }
    }
    return plans.get(key)!;
  };

  const totals = new Map<
    string,
    { donations: Cents; fees: Cents; expenses: Cents; opening: Cents; pending: Cents; start: Cents }
  >();
  const totalOf = async (vault: string) => {
    if (!totals.has(vault))
      totals.set(vault, {
        donations: 0,
        fees: 0,
        expenses: 0,
        opening: 0,
        pending: 0,
        start: await balanceOf(tx, vault),
      });
    return totals.get(vault)!;
  };

  const tables = ['finance', 'project_finance', 'activities_finance'] as const;
  const isType = (type: string) => (row: SqliteRow) => text(row.type) === type;
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'donations',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        await totalOf(plan.vault); // the vault's balance before the import's first write to it
        return {
          data: {
            donor: text(row.fund_facility),
            amount: centsOf(ctx, table, row, 'amount') / 100,
            transaction_fees: centsOf(ctx, table, row, 'transaction_fees') / 100,
            received_on: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async () => {
            const total = await totalOf(plan.vault);
            total.donations += cents(row.amount);
            total.fees += cents(row.transaction_fees);
          },
        };
      },
      isType('donation'),
    );
  }
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'expenses',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        await totalOf(plan.vault);
        const amount = centsOf(ctx, table, row, 'amount');
        return {
          data: {
            beneficiary: text(row.fund_facility),
            amount: amount / 100,
            date: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async (id: string) => {
            const total = await totalOf(plan.vault);
            total.opening += await coverShortfall(ctx, tx, plan.vault, amount, day(row), row);
            const expenses = tx.registry.get('expenses')!;
            // The old system approved and paid it: replayed, not approved again by the importer
            // (who would be approving what the import recorded in their name).
            for (const status of ['approved', 'paid'])
              await updateRecord(
                tx,
                expenses,
                id,
                { data: { status }, files: {} },
                { ...ctx.request, context: 'import' },
                '127.0.0.1',
              );
            total.expenses += amount;
          },
        };
      },
      isType('expense'),
    );
  }
  // A row whose kind the old data does not say (an empty type) was counted in neither total of
  // the old vault. Refused, its amount would be lost; guessed, it would move money. It is kept
  // as a pending expense, which moves nothing until someone decides, and listed for review.
  for (const table of tables) {
    await importRows(
      ctx,
      tx,
      'ledger',
      table,
      'expenses',
      async (row) => {
        const plan = await placed(table, row);
        if (typeof plan === 'string') return { refuse: plan };
        const total = await totalOf(plan.vault);
        const amount = centsOf(ctx, table, row, 'amount');
        return {
          data: {
            beneficiary: text(row.fund_facility),
            amount: amount / 100,
            date: day(row),
            vault: plan.vault,
            project: plan.project,
            activity: plan.activity,
            statement: text(row.statement),
          },
          after: async () => {
            total.pending += amount;
            ctx.report.toReview(
              table,
              text(row.id),
              'expenses',
              `type "${text(row.type)}" is neither donation nor expense: kept as a pending expense of ${centsText(amount)}, which moves no money; approve and pay it, or delete it and record a donation`,
            );
          },
        };
      },
      (row) => !['donation', 'expense'].includes(text(row.type)),
    );
  }

  for (const [vault, t] of totals) {
    const { rows } = await tx.db.query<{ title: string }>(
      `SELECT "title" FROM "vaults" WHERE "id" = $1`,
      [vault],
    );
    const now = await balanceOf(tx, vault);
    ctx.report.money(
      `vault ${rows[0]?.title ?? vault}`,
      `old donations ${centsText(t.donations)} - fees ${centsText(t.fees)} - expenses ${centsText(t.expenses)} = ${centsText(t.donations - t.fees - t.expenses)}`,
      `balance moved by ${centsText(now - t.start)}` +
        (t.opening ? ` (with an opening balance of ${centsText(t.opening)})` : '') +
        (t.pending ? `; ${centsText(t.pending)} pending, to review` : ''),
    );
  }
}

/** An old salary's lines: `[{ amount, statement }]` from its `salary_details`. */
function salaryLines(details: Record<string, unknown>, field: string) {
  const lines = Array.isArray(details[field]) ? (details[field] as unknown[]) : [];
  return lines.map((line) => {
    const { amount, statement } = (line ?? {}) as Record<string, unknown>;
    return { cents: Math.round(Number(amount ?? 0) * 100), statement: text(statement) };
  });
}

/** The old payroll wrote an advance's instalment as a deduction with this statement. */
const ADVANCE_INSTALMENT = /^Advance Payment\s*--\s*id:\s*(\S+)/i;
/** ... and the advance's payment it made at the same time with this one. */
const PAYROLL_REPAYMENT = /^Payroll Deduction\s+(\d{4})\/(\d{1,2})/i;

/**
 * Advances, their payments and the payroll history. The old system's vaults never carried
 * salaries or advances (its main vault was donations minus expenses), so they are written as paid
 * outside the vaults: no ledger entry, and each vault keeps its old total. What an employee still
 * owes is kept, so the next payroll run withholds the instalment. Old salaries become paid runs,
 * one per month, each salary a payslip whose lines are the old ones; an advance instalment is
 * linked to its advance and to the payment the old payroll made with it.
 */
async function importSalaries(base: Context, tx: Engine): Promise<void> {
  const ctx: Context = { ...base, request: { ...base.request, context: 'import' } };
  const main = await mainVault(ctx, tx);
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const when = (row: SqliteRow) => (PB_DATE.test(text(row.created)) ? text(row.created) : '');

  // ---- Advances, paid (outside the vaults) as they were. ----
  const advances = tx.registry.get('employee_advances')!;
  const oldRepaid = new Map<string, Cents>();
  const advanceTotals = { amount: 0, repaid: 0 };
  await importRows(ctx, tx, 'salaries', 'employees_advances', 'employee_advances', async (row) => {
    const employee = await existing(tx, 'employees', text(row.employee));
    if (!employee) return { refuse: `employee ${text(row.employee) || '(none)'} does not exist` };
    const amount = centsOf(ctx, 'employees_advances', row, 'amount');
    let deduction = centsOf(ctx, 'employees_advances', row, 'deduction');
    if (deduction > amount) {
      ctx.report.problem(
        `the monthly deduction ${centsText(deduction)} was more than the advance: set to ${centsText(amount)}`,
        'employees_advances',
        text(row.id),
      );
      deduction = amount;
    }
    return {
      data: {
        employee,
        amount: amount / 100,
        monthly_deduction: deduction / 100,
        purpose: text(row.statement),
        date: when(row),
        vault: main,
      },
      after: async (id: string) => {
        for (const status of ['approved', 'paid'])
          await updateRecord(
            tx,
            advances,
            id,
            { data: { status }, files: {} },
            ctx.request,
            '127.0.0.1',
          );
        oldRepaid.set(id, cents(row.payed));
        advanceTotals.amount += amount;
        advanceTotals.repaid += cents(row.payed);
      },
    };
  });

  // ---- Salaries: a paid run per month, a payslip per old salary. ----
  await importPayrollHistory(ctx, tx, main);

  // ---- The advances' payments: cash, or withheld by a payroll (linked to its payslip). ----
  await importRows(
    ctx,
    tx,
    'salaries',
    'employees_advances_payments',
    'advance_repayments',
    async (row) => {
      const advance = await existing(tx, 'employee_advances', text(row.advance));
      if (!advance) return { refuse: `advance ${text(row.advance) || '(none)'} does not exist` };
      let statement = text(row.statement);
      const payroll = PAYROLL_REPAYMENT.exec(statement);
      // The old screen took a payment above what remained. What remains is repaid here (the
      // advance is then settled), and what was paid over is said, on the record and for review.
      const paid = centsOf(ctx, 'employees_advances_payments', row, 'amount');
      const { rows: owed } = await tx.db.query<{ remaining: string }>(
        `SELECT "remaining"::text AS remaining FROM "employee_advances" WHERE "id" = $1`,
        [advance],
      );
      const remains = cents(owed[0]?.remaining);
      const over = remains > 0 && paid > remains ? paid - remains : 0;
      if (over)
        statement = `${statement ? `${statement} ` : ''}(${centsText(paid)} paid in the old system, ${centsText(over)} more than remained)`;
      return {
        data: {
          advance,
          amount: (paid - over) / 100,
          date: when(row),
          source: payroll ? 'payroll' : 'manual',
          statement: statement.slice(0, 2000),
        },
        after: async (id: string) => {
          if (over)
            ctx.report.toReview(
              'employees_advances_payments',
              text(row.id),
              'advance_repayments',
              `paid ${centsText(paid)} where ${centsText(remains)} remained of the advance: imported as ${centsText(remains)}, which settles it; the ${centsText(over)} paid over is to review (give it back, or record it where it belongs)`,
            );
          if (!payroll) return;
          const { rows } = await tx.db.query<{ id: string }>(
            `SELECT p."id" FROM "payslips" p
               JOIN "employee_advances" a ON a."employee" = p."employee"
               JOIN "payroll_runs" r ON r."id" = p."run" AND r."status" = 'paid'
              WHERE a."id" = $1 AND p."year" = $2 AND p."month" = $3 LIMIT 1`,
            [advance, Number(payroll[1]), Number(payroll[2])],
          );
          if (rows[0])
            await tx.db.query(`UPDATE "advance_repayments" SET "payslip" = $1 WHERE "id" = $2`, [
              rows[0].id,
              id,
            ]);
          else
            ctx.report.problem(
              `no salary of ${payroll[1]}/${payroll[2]} was imported for this advance's employee: kept as a payroll repayment without its payslip`,
              'employees_advances_payments',
              text(row.id),
            );
        },
      };
    },
  );

  // What each advance counted as repaid, against its payments here.
  let repaidHere = 0;
  let remaining = 0;
  for (const [id, old] of oldRepaid) {
    const { rows } = await tx.db.query<{ repaid: string; remaining: string }>(
      `SELECT "repaid"::text AS repaid, "remaining"::text AS remaining FROM "employee_advances" WHERE "id" = $1`,
      [id],
    );
    const now = Math.round(Number(rows[0]?.repaid ?? 0) * 100);
    repaidHere += now;
    remaining += Math.round(Number(rows[0]?.remaining ?? 0) * 100);
    if (now !== old)
      ctx.report.problem(
        `the old system counted ${centsText(old)} repaid, its payments add up to ${centsText(now)}: what remains follows the payments (record a repayment if more was paid back)`,
        'employees_advances',
        id,
      );
  }
  if (oldRepaid.size)
    ctx.report.money(
      'advances',
      `${oldRepaid.size} advances of ${centsText(advanceTotals.amount)}, ${centsText(advanceTotals.repaid)} repaid`,
      `${centsText(advanceTotals.amount)} paid outside the vaults, ${centsText(repaidHere)} repaid, ${centsText(remaining)} still owed`,
    );
}

/** The old `payroll` table as paid runs (see importSalaries). */
async function importPayrollHistory(ctx: Context, tx: Engine, vault: string): Promise<void> {
  const from = 'payroll';
  const entry = ctx.report.collection(from, 'payslips');
  if (!ctx.source.tables().has(from)) {
    ctx.report.problem('the table is missing from the backup; nothing imported from it', from);
    return;
  }
  const registry = tx.registry;
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  type MonthRun = {
    run: string;
    payslips: string[];
    /** The old salaries of the month (a second one of an employee shares a payslip). */
    salaries: number;
    oldTotal: Cents;
    oldPaid: Cents;
    refusal?: string;
  };
  const months = new Map<string, MonthRun>();
  /** The run of the month, made (paid, outside the vaults) the first time it is needed. */
  const runOf = async (year: number, month: number, row: SqliteRow): Promise<MonthRun> => {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const known = months.get(label);
    if (known) return known;
    const id = stableId(`payroll_runs:${label}`);
    const made: MonthRun = { run: id, payslips: [], salaries: 0, oldTotal: 0, oldPaid: 0 };
    months.set(label, made);
    const { rows } = await tx.db.query<{ id: string; status: string }>(
      `SELECT "id", "status" FROM "payroll_runs"
        WHERE ("year" = $1 AND "month" = $2 AND "status" <> 'reversed') OR "id" = $3`,
      [year, month, id],
    );
    if (rows.some((r) => r.id !== id)) made.refusal = `the payroll of ${label} already exists here`;
    else if (rows[0]?.status === 'reversed')
      made.refusal = `the imported payroll of ${label} was reversed here`;
    else if (!rows.length) {
      const created = when(row) || formatDate(new Date());
      await tx.db.query(
        `INSERT INTO "payroll_runs" ("id","year","month","vault","status","pay_date","notes","created","updated")
         VALUES ($1,$2,$3,$4,'paid',$5,$6,$5,$5)`,
        [id, year, month, vault, created, 'Imported from the old system: paid outside the vaults'],
      );
    }
    return made;
  };
  const when = (row: SqliteRow) => (PB_DATE.test(text(row.created)) ? text(row.created) : '');
  const optionOf = async (table: string, title: string) => {
    const { rows } = await tx.db.query<{ id: string }>(
      `SELECT "id" FROM "${table}" WHERE lower("title") = lower($1) ORDER BY "_rowid" LIMIT 1`,
      [title],
    );
    return rows[0]?.id ?? '';
  };

  const total = ctx.source.count(from);
  for (const row of ctx.source.rows(from)) {
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    if (id !== oldId)
      ctx.report.problem(`id "${oldId}" is not valid here; imported as ${id}`, from, oldId);
    const refuse = (reason: string) => entry.refused.push({ id: oldId, reason });
    // A second salary of a month was written as lines of the month's payslip, the first with
    // the old id (see `marker` below).
    const { rows: here } = await tx.db.query(
      `SELECT 1 FROM "payslips" WHERE "id" = $1 UNION ALL SELECT 1 FROM "payslip_lines" WHERE "id" = $1`,
      [id],
    );
    if (here.length) {
      entry.skipped++;
      continue;
    }
    const year = Number(text(row.year));
    const month = Number(text(row.month));
    if (!Number.isInteger(year) || year < 2000 || year > 2100) {
      refuse(`year "${text(row.year)}" is not a year from 2000 to 2100`);
      continue;
    }
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      refuse(`month "${text(row.month)}" is not 1 to 12`);
      continue;
    }
    const employee = await existing(tx, 'employees', text(row.employee));
    if (!employee) {
      refuse(`employee ${text(row.employee) || '(none)'} does not exist`);
      continue;
    }
    const details = objectOf(row.salary_details);
    if (!details) {
      refuse(`salary_details is not a JSON object: ${text(row.salary_details).slice(0, 40)}`);
      continue;
    }
    const run = await runOf(year, month, row);
    if (run.refusal) {
      refuse(run.refusal);
      continue;
    }
    // The old screen let a month be paid twice to one employee; here a month has one payslip
    // per employee. The second salary is not dropped: its basic salary and lines are added to
    // the month's payslip, so the month's net pay holds both, and it is listed for review.
    const { rows: first } = await tx.db.query<{ id: string }>(
      `SELECT "id" FROM "payslips" WHERE "run" = $1 AND "employee" = $2`,
      [run.run, employee],
    );
    const payslip = first[0]?.id ?? id;
    const basic = centsOf(ctx, from, row, 'basic_salary', details.basic_salary);
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const created = when(row) || formatDate(new Date());
    const updated = PB_DATE.test(text(row.updated)) ? text(row.updated) : created;
    if (!first[0])
      await tx.db.query(
        `INSERT INTO "payslips" ("id","run","employee","year","month","basic_salary","created","updated")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [id, run.run, employee, year, month, centsText(basic), created, updated],
      );
    type Links = { allowance_option?: string; deduction_option?: string; advance?: string };
    // A second salary's first line written carries its old id, so a second run skips it.
    let marker = first[0] ? id : '';
    const line = async (kind: string, title: string, amount: Cents, links: Links) => {
      if (amount <= 0) {
        ctx.report.problem(`a ${kind} line of ${centsText(amount)} was left out`, from, oldId);
        return;
      }
      const lineId = marker || newRecordId();
      marker = '';
      const fallback = { allowance: 'Allowance', deduction: 'Deduction', advance: 'Advance' }[kind];
      const source = links.advance
        ? 'advance'
        : links.allowance_option || links.deduction_option
          ? 'option'
          : 'adhoc';
      await tx.db.query(
        `INSERT INTO "payslip_lines" ("id","payslip","employee","kind","source","title","amount",
           "allowance_option","deduction_option","advance","created","updated")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
        [
          lineId,
          payslip,
          employee,
          kind,
          source,
          (title.length >= 2 ? title : fallback!).slice(0, 200),
          centsText(amount),
          links.allowance_option ?? '',
          links.deduction_option ?? '',
          links.advance ?? '',
          created,
          updated,
        ],
      );
    };
    if (first[0]) {
      await line('allowance', `Second salary of ${label} in the old system`, basic, {});
      ctx.report.toReview(
        from,
        oldId,
        'payslips',
        `a second salary for this employee in ${label} (the old screen allowed it; here a month has one payslip per employee): its basic salary ${centsText(basic)} and its lines were added to payslip ${payslip}`,
      );
    }
    for (const a of salaryLines(details, 'allowances'))
      await line('allowance', a.statement, a.cents, {
        allowance_option: await optionOf('allowance_options', a.statement),
      });
    for (const d of salaryLines(details, 'deductions')) {
      const instalment = ADVANCE_INSTALMENT.exec(d.statement);
      const advance = instalment ? await existing(tx, 'employee_advances', instalment[1]) : '';
      if (instalment && !advance)
        ctx.report.problem(
          `advance ${instalment[1]} was not imported: its instalment is kept as a deduction`,
          from,
          oldId,
        );
      if (advance) await line('advance', d.statement, d.cents, { advance });
      else {
        await line('deduction', d.statement, d.cents, {
          deduction_option: await optionOf('deduction_options', d.statement),
        });
      }
    }
    if (!first[0]) run.payslips.push(id);
    run.salaries++;
    run.oldTotal += cents(row.total_salary);
    run.oldPaid += cents(row.payed);
    entry.toImport++;
    if (entry.read % 100 === 0)
      ctx.onProgress?.({ group: 'salaries', collection: from, done: entry.read, total });
  }
  ctx.onProgress?.({ group: 'salaries', collection: from, done: entry.read, total });

  // Totals from the lines (as for any run), the pay date the last salary's, and the audit trail.
  for (const [label, month] of months) {
    // A second salary alone (its month imported before) changes the totals too.
    if (month.refusal || !month.salaries) continue;
    await recomputeTotals(tx.db, month.run);
    const { rows } = await tx.db.query<Row>(
      `UPDATE "payroll_runs" SET "pay_date" = s.last, "updated" = s.last
         FROM (SELECT max("created") AS last FROM "payslips" WHERE "run" = $1) s
        WHERE "id" = $1 RETURNING "payroll_runs".*`,
      [month.run],
    );
    await auditSideChange(tx.db, registry.get('payroll_runs')!, null, rows[0], ctx.request);
    const { rows: payslips } = await tx.db.query<Row>(
      `SELECT * FROM "payslips" WHERE "id" = ANY($1::text[])`,
      [month.payslips],
    );
    for (const payslip of payslips)
      await auditSideChange(tx.db, registry.get('payslips')!, null, payslip, ctx.request);
    ctx.report.money(
      `payroll ${label}`,
      `${month.salaries} salaries: total ${centsText(month.oldTotal)}, paid ${centsText(month.oldPaid)}`,
      `net pay ${centsText(Math.round(Number(rows[0].total_net) * 100))} (paid outside the vaults)`,
    );
  }
}

/** The old request and purchase statuses, in the order the workflow moves through them. */
const MOVES: Record<string, readonly string[]> = {
  PENDING: [],
  APPROVED: ['APPROVED'],
  BILL_APPROVED: ['APPROVED', 'BILL_APPROVED'],
  DECLINED: ['DECLINED'],
};

/**
 * Project finance: budget lines, financial requests with their items and the committee's
 * comments, purchases with theirs, and bank checks. Requests and purchases are written PENDING,
 * then moved through the workflow to their old status, so holds, payments from the project vault
 * and the lines' used amounts are the server's own bookkeeping. The old system enforced no
 * committee rule, budget limit or bill, so the replay (request context `import`) is not refused
 * for those; a payment the vault could not cover gets an opening balance, reported.
 */
async function importProjectFinance(base: Context, tx: Engine): Promise<void> {
  const replay: RequestInfo = { ...base.request, context: 'import' };
  const ctx: Context = { ...base, request: replay };
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  const when = (row: SqliteRow, field = 'created') =>
    PB_DATE.test(text(row[field])) ? text(row[field]) : '';

  const oldUsed = new Map<string, Cents>();
  await importRows(
    ctx,
    tx,
    'project finance',
    'project_budgitlines',
    'project_budget_lines',
    async (row) => {
      const project = await existing(tx, 'projects', text(row.project));
      if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
      return {
        data: {
          project,
          title: text(row.title),
          budget: centsOf(ctx, 'project_budgitlines', row, 'budget') / 100,
          details: text(row.details),
        },
        after: async (id: string) => {
          oldUsed.set(id, cents(row.used_amount));
        },
      };
    },
  );

  /** Written as the old author: the server sets the author from the signed-in account. */
  const keepAuthor =
    (table: string, field: string, oldId: unknown, from: string, id: string) =>
    async (newId: string) => {
      const author = await existing(tx, 'employees', text(oldId));
      if (text(oldId) && !author)
        ctx.report.problem(`${field} ${text(oldId)} was not imported: left empty`, from, id);
      await tx.db.query(`UPDATE "${table}" SET "${field}" = $1 WHERE "id" = $2`, [author, newId]);
    };

  const written = new Map<string, SqliteRow>();
  const owned = (table: string) => async (row: SqliteRow) => {
    const project = await existing(tx, 'projects', text(row.project));
    if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
    const data: Record<string, unknown> = {
      project,
      title: text(row.title),
      details: text(row.details),
    };
    // The old purchase's title was optional; here a purchase is named: by its date and price.
    let titled = '';
    if (table === 'purchases') {
      const price = centsOf(ctx, table, row, 'price');
      data.price = price / 100;
      const old = text(row.title);
      if (old.length < 3) {
        const day = when(row).slice(0, 10);
        titled = `Purchase${day ? ` of ${day}` : ''}, ${centsText(price)} USD${old ? ` (${old})` : ''}`;
        data.title = titled;
      }
    }
    const files = await filesOf(ctx, table, row, 'bills');
    return {
      data,
      files,
      after: async (id: string) => {
        await keepAuthor(table, 'creator', row.creator, table, text(row.id))(id);
        written.set(`${table}\u0000${id}`, row);
        if (titled)
          ctx.report.adjusted(
            table,
            text(row.id),
            `${text(row.title) ? `title "${text(row.title)}" is under 3 characters` : 'no title (it was optional)'}: titled "${titled}"`,
          );
      },
    };
  };
  await importRows(
    ctx,
    tx,
    'project finance',
    'financial_requests',
    'financial_requests',
    owned('financial_requests'),
  );

  await importRows(
    ctx,
    tx,
    'project finance',
    'financial_request_items',
    'financial_request_items',
    async (row) => {
      const request = await existing(tx, 'financial_requests', text(row.financial_request));
      if (!request)
        return { refuse: `request ${text(row.financial_request) || '(none)'} does not exist` };
      const line = await existing(tx, 'project_budget_lines', text(row.budget_line));
      if (!line)
        return { refuse: `budget line ${text(row.budget_line) || '(none)'} does not exist` };
      let currency = text(row.currency).toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) {
        if (currency !== '' && currency !== '$')
          return { refuse: `currency "${text(row.currency)}" is not a currency code` };
        ctx.report.mapped('financial_request_items', 'currency', text(row.currency), 'USD');
        currency = 'USD';
      }
      const store = text(row.store_details);
      return {
        data: {
          financial_request: request,
          budget_line: line,
          title: text(row.title),
          details: [text(row.details), store ? `Store: ${store}` : ''].filter(Boolean).join('\n'),
          quantity: Number(row.quantity ?? 0),
          currency,
          unit_price: Number(row.unit_price ?? 0),
          exchange_rate: Number(row.exchange_rate ?? 1) || 1,
          store_name: text(row.store_name),
          store_address: text(row.store_address),
          bill_number: text(row.bill_number),
        },
        files: await filesOf(ctx, 'financial_request_items', row, 'bills'),
        after: async (id: string) => {
          // The old system summed the items in its own way: differences are said, not hidden.
          const { rows } = await tx.db.query<{ base: string }>(
            `SELECT "base_amount"::text AS base FROM "financial_request_items" WHERE "id" = $1`,
            [id],
          );
          const before = cents(row.total_price_in_usd);
          if (text(row.total_price_in_usd) && before !== cents(rows[0]?.base))
            ctx.report.money(
              `request item ${text(row.id)} (${text(row.title)})`,
              `${centsText(before)} in USD as stored`,
              `${rows[0]?.base ?? '0.00'} = quantity x unit price / rate`,
            );
        },
      };
    },
  );

  await importRows(ctx, tx, 'project finance', 'purchases', 'purchases', owned('purchases'));

  // The committees' comments, as their authors wrote them.
  const comments = [
    [
      'financial_reqeuests_commity_comments',
      'financial_request_comments',
      'financial_request',
      'request',
      'financial_requests',
    ],
    ['purchases_commity_comments', 'purchase_comments', 'purchase', 'purchase', 'purchases'],
  ] as const;
  for (const [from, to, oldOwner, owner, ownerTable] of comments) {
    await importRows(ctx, tx, 'project finance', from, to, async (row) => {
      const parent = await existing(tx, ownerTable, text(row[oldOwner]));
      if (!parent)
        return { refuse: `${oldOwner} ${text(row[oldOwner]) || '(none)'} does not exist` };
      const comment = text(row.comment);
      return {
        // A comment without words stays without (the collection's blankWhenImported).
        data: { [owner]: parent, stage: text(row.status), comment },
        after: async (id: string) => {
          await keepAuthor(to, 'employee', row.employee, from, text(row.id))(id);
          if (!comment)
            ctx.report.adjusted(
              from,
              text(row.id),
              `no comment text (the old comment was optional): kept without one`,
            );
        },
      };
    });
  }

  // Then each request and purchase moves to its old status, in the order they were made.
  const byAge = [...written].sort(([, a], [, b]) => when(a).localeCompare(when(b)));
  for (const [key, row] of byAge) {
    const [table, id] = key.split('\u0000');
    const moves = MOVES[text(row.status)];
    if (!moves) {
      ctx.report.problem(
        `status "${text(row.status)}" is unknown: left PENDING`,
        table,
        text(row.id),
      );
      continue;
    }
    const collection = tx.registry.get(table)!;
    for (const status of moves) {
      // The server dates a replayed payment by the record's last change: the old one.
      await keepDates(tx, table, id, row);
      if (status === 'BILL_APPROVED') {
        const { rows } = await tx.db.query<{ amount: string; vault: string }>(
          `SELECT ${table === 'purchases' ? '"price"' : '"amount"'}::text AS amount,
                  (SELECT v."id" FROM "vaults" v WHERE v."project" = t."project" AND v."kind" = 'project' ORDER BY v."_rowid" LIMIT 1) AS vault
             FROM "${table}" t WHERE t."id" = $1`,
          [id],
        );
        if (rows[0]?.vault) {
          const added = await coverShortfall(
            ctx,
            tx,
            rows[0].vault,
            cents(rows[0].amount),
            when(row, 'updated'),
            row,
          );
          if (added)
            ctx.report.money(
              `${table} ${text(row.id)} (${text(row.title)})`,
              `paid ${rows[0].amount} from the project vault`,
              `opening balance of ${centsText(added)} added before the payment`,
            );
        }
      }
      try {
        await tx.db.query('SAVEPOINT import_move');
        await updateRecord(
          tx,
          collection,
          id,
          { data: { status }, files: {} },
          replay,
          '127.0.0.1',
        );
        await tx.db.query('RELEASE SAVEPOINT import_move');
      } catch (error) {
        await tx.db.query('ROLLBACK TO SAVEPOINT import_move');
        ctx.report.problem(
          `could not be moved to ${status}: ${reasonOf(error)}`,
          table,
          text(row.id),
        );
        break;
      }
    }
    await keepDates(tx, table, id, row);
  }

  // Used amounts: what the server computed from the requests against what the old line said.
  for (const [id, before] of oldUsed) {
    const { rows } = await tx.db.query<{ title: string; used: string }>(
      `SELECT "title", "used_amount"::text AS used FROM "project_budget_lines" WHERE "id" = $1`,
      [id],
    );
    if (rows[0] && cents(rows[0].used) !== before)
      ctx.report.money(
        `budget line ${id} (${rows[0].title})`,
        `used ${centsText(before)}`,
        `used ${rows[0].used}, from its bill-approved requests`,
      );
  }

  await importRows(ctx, tx, 'project finance', 'bank_checks', 'bank_checks', async (row) => {
    const project = await existing(tx, 'projects', text(row.project));
    if (!project) return { refuse: `project ${text(row.project) || '(none)'} does not exist` };
    return {
      data: {
        project,
        beneficiary: text(row.beneficiary_name),
        serial_number: text(row.serial_number),
        branch: text(row.branch),
        amount: centsOf(ctx, 'bank_checks', row, 'amount') / 100,
        date: text(row.date) || when(row),
        details: text(row.details),
      },
      files: await filesOf(ctx, 'bank_checks', row, 'attachments'),
    };
  });
}

/** A JSON object stored as text (an audit record's before and after), or null. */
function objectOf(value: unknown): Record<string, unknown> | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The old audit trail, kept as history: written as it was (the server writes the trail itself,
 * so nothing goes through the engine), with its old dates, its categories where they are ours,
 * and a comment that marks it imported. The author's name and email are filled in when the
 * employee is here.
 */
/**
 * Old collections this system names differently, so their history is filed under the new name
 * (labelled, filtered and linked like this system's own). The old finance tables, split here
 * into donations and expenses, keep their old name.
 */
const RENAMED_COLLECTIONS: Record<string, string> = {
  employees_tasks: 'employee_tasks',
  employees_advances: 'employee_advances',
  employees_advances_payments: 'advance_repayments',
  payroll: 'payslips',
  project_financial_commities: 'project_financial_committees',
  project_purchases_commities: 'project_purchases_committees',
  project_budgitlines: 'project_budget_lines',
  financial_reqeuests_commity_comments: 'financial_request_comments',
  purchases_commity_comments: 'purchase_comments',
};

/**
 * The old money tables held donations and expenses side by side (`type`); each row became one
 * or the other here, with its id (step 5), and so does its history in the monitor. A row of
 * no known type became a pending expense.
 */
const MONEY_TABLES = new Set(['finance', 'project_finance', 'activities_finance']);
const moneyKind = (type: string) => (type === 'donation' ? 'donations' : 'expenses');

async function importAudit(ctx: Context, tx: Engine): Promise<void> {
  const from = 'user_activities';
  const entry = ctx.report.collection(from, 'user_activities');
  if (!ctx.source.tables().has(from)) return;
  const categories = new Set<string>(AUDIT_CATEGORIES);
  const total = ctx.source.count(from);
  for (const row of ctx.source.rows(from)) {
    entry.read++;
    const oldId = text(row.id);
    const id = validId(oldId) ? oldId : stableId(oldId);
    const { rows: here } = await tx.db.query(`SELECT 1 FROM "user_activities" WHERE "id" = $1`, [
      id,
    ]);
    if (here.length) {
      entry.skipped++;
      continue;
    }
    const action = text(row.action);
    if (!['CREATE', 'UPDATE', 'DELETE'].includes(action)) {
      entry.refused.push({
        id: oldId,
        reason: `action "${action}" is not CREATE, UPDATE or DELETE`,
      });
      continue;
    }
    const kept = list(row.categories);
    const before = objectOf(row.obj_before);
    const after = objectOf(row.obj_after);
    const subject = after ?? before ?? {};
    const actor = await existing(tx, 'employees', text(row.employee));
    const { rows: people } = await tx.db.query<{ name: string; email: string }>(
      `SELECT "name", "email" FROM "employees" WHERE "id" = $1`,
      [actor],
    );
    const oldCollection = text(subject.collectionName).slice(0, 100);
    const money = MONEY_TABLES.has(oldCollection) ? moneyKind(text(subject.type)) : undefined;
    const collection = money ?? RENAMED_COLLECTIONS[oldCollection] ?? oldCollection;
    const model = tx.registry.get(collection);
    // Named as this system names its own entries: a title or name, else the collection's
    // auditTitle read from the snapshot ('' when the old fields differ); an old money row by
    // its donor or payee, as its donation or expense is here.
    const title =
      text(subject.title ?? subject.name).slice(0, 300) ||
      (money ? text(subject.fund_facility).slice(0, 300) : '') ||
      (model ? await auditTemplateTitle(tx.db, model, { before, after }) : '');
    const created = PB_DATE.test(text(row.created))
      ? text(row.created)
      : new Date().toISOString().replace('T', ' ');
    const comment = text(row.comment)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    await tx.db.query(
      `INSERT INTO "user_activities" ("id","actor","actor_collection","actor_name","actor_email","action","collection","record","categories","before","after","ip","comment","created","updated","record_title","held_by")
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10::jsonb,$11::jsonb,'',$12,$13,$13,$14,$15)`,
      [
        id,
        actor,
        actor ? 'employees' : '',
        people[0]?.name ?? '',
        people[0]?.email ?? '',
        action,
        collection,
        text(subject.id).slice(0, 15),
        JSON.stringify('error' in kept ? [] : kept.filter((c) => categories.has(c))),
        JSON.stringify(before),
        JSON.stringify(after),
        `Imported from the old system${comment ? `: ${comment}` : ''}`.slice(0, 2000),
        created,
        title,
        // The record it belongs to, so that record's history takes it in.
        auditHeldBy(model, { before, after }),
      ],
    );
    entry.toImport++;
    if (entry.read % 500 === 0)
      ctx.onProgress?.({ group: 'history', collection: from, done: entry.read, total });
  }
  ctx.onProgress?.({ group: 'history', collection: from, done: entry.read, total });
}

/** The collections this version imports, in the order their relations need. */
const GROUPS: Array<{ name: string; run: (ctx: Context, tx: Engine) => Promise<void> }> = [
  { name: 'people', run: importPeople },
  { name: 'projects', run: importProjects },
  { name: 'website', run: importWebsite },
  { name: 'finance', run: importFinance },
  { name: 'ledger', run: importLedger },
  { name: 'salaries', run: importSalaries },
  { name: 'project finance', run: importProjectFinance },
  { name: 'history', run: importAudit },
];
const IMPORTED = new Set([
  'roles',
  'employees',
  'members',
  'volunteers',
  'users',
  'employees_tasks',
  'user_activities',
  'allowance_options',
  'deduction_options',
  'blog_topics',
  'blog_articles',
  'website_resources',
  'assets',
  'finance',
  'employees_advances',
  'employees_advances_payments',
  'payroll',
  'project_budgitlines',
  'financial_requests',
  'financial_request_items',
  'financial_reqeuests_commity_comments',
  'purchases',
  'purchases_commity_comments',
  'bank_checks',
  'project_finance',
  'activities_finance',
  'projects',
  'projects_activities',
  'projects_timelines',
  'activities_timelines',
  'activities_staff',
  'projects_staff',
  ...COMMITTEES.map(([from]) => from),
]);

/** Tables the import writes itself, shortening some values on the way: only the cap applies. */
const OWN_WRITES = new Set(['user_activities', 'payroll']);

/**
 * How much of the backup is read (source.ts): a value is measured before it is read, and a row
 * holding one over what its field here may hold is refused unread, listed with its collection;
 * a stored file over the largest file field's size is left out.
 */
function readingLimits(engine: Engine, report: ReportBuilder) {
  const files = engine.registry.all.flatMap((c) => c.fields).filter((f) => f.type === 'file');
  return {
    maxFileBytes: Math.max(...files.map((f) => f.maxSize || 5 * 1024 * 1024)),
    limitOf: (table: string, column: string) => {
      const target = OWN_WRITES.has(table)
        ? undefined
        : engine.registry.get(RENAMED_COLLECTIONS[table] ?? table);
      const field = target?.fields.find((f) => f.name === column);
      if (field?.type === 'text') return field.max || 5000;
      if (field?.type === 'editor' && field.max) return field.max;
      if (field?.type === 'json' && field.maxSize) return field.maxSize;
      return MAX_VALUE_CHARS;
    },
    onRefused: (table: string, id: string, reason: string) => {
      const entry = report.report.collections.find((c) => c.name === table);
      if (!entry) return report.problem(reason, table, id);
      entry.read++;
      entry.refused.push({ id, reason });
    },
  };
}

/**
 * Imports a PocketBase backup (a zip or a pb_data folder). Each group of collections is one
 * transaction; a dry run runs the same writes and rolls them back (files included), so its report
 * is what a real run would do. Records already imported (same id) are skipped, so a second run
 * adds nothing.
 */
export async function importPocketBase(
  engine: Engine,
  source: string,
  options: { dryRun: boolean; request: RequestInfo; onProgress?: (p: ImportProgress) => void },
): Promise<ImportReport> {
  const report = new ReportBuilder(source, options.dryRun);
  const backup = await openBackup(source, readingLimits(engine, report));
  try {
    const tables = backup.tables();
    if (!tables.has('_collections'))
      report.problem('no _collections table: this is not a PocketBase data.db');
    const collections = tables.has('_collections') ? backup.collections() : [];
    const ctx: Context = {
      engine,
      request: options.request,
      source: backup,
      report,
      collectionIds: new Map(collections.map((c) => [c.name, c.id])),
      onProgress: options.onProgress,
    };
    for (const c of collections)
      if (!c.name.startsWith('_') && !IMPORTED.has(c.name))
        report.problem(
          `not imported by this version of the import (${tables.has(c.name) ? backup.count(c.name) : 0} rows left out)`,
          c.name,
        );
    if (options.dryRun) {
      // One transaction for every group, rolled back at the end: a later group sees what the
      // earlier ones would have written (an activity's staff needs its employees), so the report
      // is what a real run would do. A group that fails is undone to its savepoint, as a real
      // run's transaction would be.
      try {
        await inOneTransaction(
          engine,
          async (tx) => {
            for (const group of GROUPS) {
              await tx.db.query('SAVEPOINT import_group');
              try {
                await group.run(ctx, tx);
                await tx.db.query('RELEASE SAVEPOINT import_group');
              } catch (error) {
                await tx.db.query('ROLLBACK TO SAVEPOINT import_group');
                report.problem(`the ${group.name} group was rolled back: ${reasonOf(error)}`);
              }
            }
            throw new DryRunRollback();
          },
          { quiet: true },
        );
      } catch (error) {
        if (!(error instanceof DryRunRollback)) throw error;
      }
    } else {
      for (const group of GROUPS) {
        try {
          // No realtime event per imported record (see inOneTransaction).
          await inOneTransaction(engine, (tx) => group.run(ctx, tx), { quiet: true });
        } catch (error) {
          report.problem(`the ${group.name} group was rolled back: ${reasonOf(error)}`);
        }
      }
    }
    // Each old table's rows, against which the report checks that every row was accounted for.
    for (const name of IMPORTED)
      if (tables.has(name)) report.rowsInBackup(name, backup.count(name));
  } finally {
    backup.close();
  }
  return report.finish();
}
