/**
 * The frozen migrations against the declarations: after runMigrations on a fresh database every
 * collection's table has exactly the columns (types, NOT NULL, defaults) and indexes the DDL
 * derives from packages/schema; running them again changes nothing; and make-migration has
 * nothing left to write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { COLLECTIONS } from '@app/schema';
import { createRegistry, q, type ModelField } from '../../src/core/collection-model';
import type { Database } from '../../src/db/database';
import { columnSql, columnType, createCollectionSql, indexName } from '../../src/core/ddl';
import { planMigration, readSnapshot } from '../../src/make-migration';
import { runMigrations } from '../../src/db/migrate';
import { MIGRATIONS } from '../../src/db/migrations/index';
import { openTestDatabase } from '../helpers/test-app';

const registry = createRegistry();

type Column = {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  default: string | null;
};
type Index = { table: string; name: string; definition: string };

let migrated: { db: Database; drop: () => Promise<void> };
let fromDdl: { db: Database; drop: () => Promise<void> };
let firstRun: string[];

async function columns(db: Database): Promise<Column[]> {
  const { rows } = await db.query<Column>(
    `SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type", a.attnotnull AS "not_null",
            pg_get_expr(d.adbin, d.adrelid) AS "default"
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attname`,
  );
  return rows;
}

async function indexes(db: Database): Promise<Index[]> {
  const { rows } = await db.query<Index>(
    `SELECT tablename AS "table", indexname AS "name", indexdef AS "definition" FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`,
  );
  return rows;
}

/** What a column definition from columnSql() means: type, NOT NULL, default expression. */
function parseColumnSql(field: ModelField): {
  type: string;
  notNull: boolean;
  default: string | null;
} {
  const rest = columnSql(field).slice(q(field.name).length + 1);
  if (rest.endsWith(' PRIMARY KEY'))
    return { type: rest.slice(0, -' PRIMARY KEY'.length), notNull: true, default: null };
  const m = /^(.+?)( NOT NULL)?(?: DEFAULT (.+))?$/.exec(rest);
  if (!m) throw new Error(`cannot read ${rest}`);
  return { type: m[1], notNull: !!m[2], default: m[3] ?? null };
}

/** Two default expressions mean the same value (both come from our own DDL). */
async function sameDefault(
  db: Database,
  type: string,
  expected: string,
  actual: string,
): Promise<boolean> {
  const { rows } = await db.query<{ same: boolean }>(
    `SELECT ((${expected})::${type} IS NOT DISTINCT FROM (${actual})::${type}) AS same`,
  );
  return rows[0].same;
}

beforeAll(async () => {
  migrated = await openTestDatabase();
  firstRun = await runMigrations(migrated.db);
  fromDdl = await openTestDatabase();
  // The same extensions as the migrations installed (e.g. pg_trgm for search indexes).
  const { rows: extensions } = await migrated.db.query<{ name: string }>(
    `SELECT extname AS "name" FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`,
  );
  for (const { name } of extensions)
    await fromDdl.db.query(`CREATE EXTENSION IF NOT EXISTS ${q(name)}`);
  for (const collection of registry.all)
    for (const statement of createCollectionSql(collection)) await fromDdl.db.query(statement);
}, 60_000);

afterAll(async () => {
  await migrated?.drop();
  await fromDdl?.drop();
});

describe('runMigrations on a fresh database', () => {
  it('applies every migration, in order', () => {
    expect(firstRun).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it.each(COLLECTIONS.map((d) => [d.name]))(
    '%s has exactly the declared columns, with their types, NOT NULL and defaults',
    async (name) => {
      const collection = registry.get(name)!;
      const actual = (await columns(migrated.db)).filter((c) => c.table === collection.table);
      // Sorted: a column added by a later migration (ALTER TABLE … ADD COLUMN) comes after the
      // system columns in the table, and the order carries no meaning.
      expect(actual.map((c) => c.column)).toEqual(
        [...collection.fields.map((f) => f.name), '_rowid'].sort(),
      );
      for (const field of collection.fields) {
        const column = actual.find((c) => c.column === field.name)!;
        const want = parseColumnSql(field);
        expect({ field: field.name, type: column.type, notNull: column.not_null }).toEqual({
          field: field.name,
          type: want.type,
          notNull: want.notNull,
        });
        if (want.default === null)
          expect({ field: field.name, default: column.default }).toEqual({
            field: field.name,
            default: null,
          });
        else {
          expect(column.default, `${name}.${field.name} has no default`).not.toBeNull();
          expect(
            await sameDefault(migrated.db, want.type, want.default, column.default!),
            `${name}.${field.name}: ${column.default} vs ${want.default}`,
          ).toBe(true);
        }
        // columnSql is columnType plus the name (the id is the primary key).
        if (field.name !== 'id')
          expect(columnSql(field)).toBe(`${q(field.name)} ${columnType(field)}`);
      }
      const rowid = actual.find((c) => c.column === '_rowid')!;
      expect([rowid.type, rowid.not_null, rowid.default?.startsWith('nextval(')]).toEqual([
        'bigint',
        true,
        true,
      ]);
    },
  );

  it.each(COLLECTIONS.map((d) => [d.name]))('%s has its declared indexes', async (name) => {
    const collection = registry.get(name)!;
    const present = (await indexes(migrated.db)).filter((i) => i.table === collection.table);
    for (const index of collection.def.indexes ?? []) {
      const found = present.find((i) => i.name === indexName(collection.table, index));
      expect(found, `${indexName(collection.table, index)} missing`).toBeDefined();
      expect(
        found!.definition.startsWith(index.unique ? 'CREATE UNIQUE INDEX' : 'CREATE INDEX'),
      ).toBe(true);
      // pg_indexes quotes identifiers only where needed.
      const definition = found!.definition.replace(/"/g, '');
      for (const column of index.columns)
        expect(definition).toContain(index.lower ? `lower(${column})` : column);
      // An index of the non-empty values only (an optional receipt number) says so.
      expect(/ WHERE /.test(definition), indexName(collection.table, index)).toBe(
        Boolean(index.nonEmpty),
      );
    }
  });

  it('gives the same schema as building every table from the declarations directly', async () => {
    const tables = new Set(registry.all.map((c) => c.table));
    const pick = <T extends { table: string }>(rows: T[]) =>
      rows.filter((r) => tables.has(r.table));
    expect(pick(await columns(migrated.db))).toEqual(pick(await columns(fromDdl.db)));
    expect(pick(await indexes(migrated.db))).toEqual(pick(await indexes(fromDdl.db)));
  });

  it('leaves no table that is not a declared collection (system tables start with _)', async () => {
    const declared = new Set(registry.all.map((c) => c.table));
    const stray = [...new Set((await columns(migrated.db)).map((c) => c.table))].filter(
      (t) => !t.startsWith('_') && !declared.has(t),
    );
    expect(stray).toEqual([]);
  });
});

describe('running the migrations again', () => {
  it('is a no-op', async () => {
    const before = {
      columns: await columns(migrated.db),
      indexes: await indexes(migrated.db),
      applied: (await migrated.db.query(`SELECT * FROM "_migrations" ORDER BY "name"`)).rows,
    };
    expect(await runMigrations(migrated.db)).toEqual([]);
    expect(await runMigrations(migrated.db)).toEqual([]);
    const after = {
      columns: await columns(migrated.db),
      indexes: await indexes(migrated.db),
      applied: (await migrated.db.query(`SELECT * FROM "_migrations" ORDER BY "name"`)).rows,
    };
    expect(after).toEqual(before);
  });
});

describe('make-migration', () => {
  it('has nothing to write: the snapshot is exactly the current declarations', () => {
    const snapshot = readSnapshot();
    const plan = planMigration(snapshot);
    expect(plan.statements).toEqual([]);
    expect(plan.next).toEqual(snapshot);
  });

  it('notices a new collection, field and index', () => {
    const snapshot = readSnapshot();
    const [first, ...rest] = Object.keys(snapshot);
    const withoutTable = Object.fromEntries(rest.map((k) => [k, snapshot[k]]));
    expect(planMigration(withoutTable).statements).toEqual(
      createCollectionSql(registry.get(first)!),
    );
    const column = Object.keys(snapshot[first].columns).pop()!;
    const fewerColumns = {
      ...snapshot,
      [first]: {
        ...snapshot[first],
        columns: Object.fromEntries(
          Object.entries(snapshot[first].columns).filter(([c]) => c !== column),
        ),
      },
    };
    expect(planMigration(fewerColumns).statements).toEqual([
      `ALTER TABLE ${q(first)} ADD COLUMN ${columnSql(registry.get(first)!.field(column)!)}`,
    ]);
    const changedType = {
      ...snapshot,
      [first]: { ...snapshot[first], columns: { ...snapshot[first].columns, [column]: 'integer' } },
    };
    expect(() => planMigration(changedType)).toThrow(/changed type/);
  });

  it('as a script, reports nothing to do (and writes nothing)', async () => {
    // Only reached when the plan is empty, so the script cannot write a migration here.
    expect(planMigration(readSnapshot()).statements).toEqual([]);
    const serverDir = fileURLToPath(new URL('../..', import.meta.url));
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/make-migration.ts', 'check'], {
      cwd: serverDir,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('Nothing to migrate: the declarations match the snapshot.');
  }, 90_000);
});

describe('0019_monitor_named_records', () => {
  it('names the audit entries written before auditTitle, from their snapshots', async () => {
    const db = migrated.db;
    const m0019 = MIGRATIONS.find((m) => m.name === '0019_monitor_named_records')!;
    await db.query(
      `INSERT INTO "employees" ("id","name","email","password","tokenKey") VALUES ('emp19aaaaaaaaaa','Huda Salih','huda19@example.org','x','k19')`,
    );
    const entry = (id: string, collection: string, before: unknown, after: unknown, title = '') =>
      db.query(
        `INSERT INTO "user_activities" ("id","action","collection","record","before","after","record_title")
         VALUES ($1,'UPDATE',$2,'rec',$3::jsonb,$4::jsonb,$5)`,
        [id, collection, JSON.stringify(before), JSON.stringify(after), title],
      );
    await entry('act19donation01', 'donations', null, { donor: 'Nadia Osman' });
    // A delete: "after" is JSON null, the snapshot is "before".
    await entry('act19donation02', 'donations', { donor: 'Old Donor' }, null);
    await entry('act19payslip001', 'payslips', null, {
      employee: 'emp19aaaaaaaaaa',
      month: 3,
      year: 2026,
    });
    await entry('act19advance001', 'employee_advances', null, { employee: 'nobody' });
    await db.query(
      `INSERT INTO "employee_advances" ("id","employee","amount","date") VALUES ('adv19aaaaaaaaaa','emp19aaaaaaaaaa',100,'2026-01-01 00:00:00.000Z')`,
    );
    await entry('act19repaymnt01', 'advance_repayments', null, { advance: 'adv19aaaaaaaaaa' });
    await entry('act19titled0001', 'donations', null, { donor: 'Someone' }, 'Kept');
    await m0019.up(db);
    const { rows } = await db.query<{ id: string; record_title: string }>(
      `SELECT "id", "record_title" FROM "user_activities" WHERE "id" LIKE 'act19%' ORDER BY "id"`,
    );
    expect(rows).toEqual([
      { id: 'act19advance001', record_title: '' },
      { id: 'act19donation01', record_title: 'Nadia Osman' },
      { id: 'act19donation02', record_title: 'Old Donor' },
      { id: 'act19payslip001', record_title: 'Huda Salih · 3/2026' },
      { id: 'act19repaymnt01', record_title: 'Huda Salih' },
      { id: 'act19titled0001', record_title: 'Kept' },
    ]);
  });
});

describe('0020_monitor_held_records', () => {
  it('gives the older entries of held records the id of the record they belong to', async () => {
    const db = migrated.db;
    const m0020 = MIGRATIONS.find((m) => m.name === '0020_monitor_held_records')!;
    // The table as it was before 0020.
    await db.query(`DROP INDEX "idx_user_activities_held_by"`);
    await db.query(`ALTER TABLE "user_activities" DROP COLUMN "held_by"`);
    const entry = (id: string, collection: string, before: unknown, after: unknown) =>
      db.query(
        `INSERT INTO "user_activities" ("id","action","collection","record","before","after")
         VALUES ($1,'UPDATE',$2,'rec',$3::jsonb,$4::jsonb)`,
        [id, collection, JSON.stringify(before), JSON.stringify(after)],
      );
    await entry('act20line000001', 'project_budget_lines', null, { project: 'prj20aaaaaaaaaa' });
    // A delete: "after" is JSON null, the snapshot is "before".
    await entry('act20line000002', 'project_budget_lines', { project: 'prj20bbbbbbbbbb' }, null);
    await entry('act20dues000001', 'member_dues', null, { member: 'mem20aaaaaaaaaa' });
    await entry('act20staff00001', 'activities_staff', null, { activity: 'atv20aaaaaaaaaa' });
    // Expenses belong to no record (their project is a link, not a parent).
    await entry('act20expense001', 'expenses', null, { project: 'prj20aaaaaaaaaa' });
    await entry('act20nothing001', 'financial_requests', null, { project: null });
    await m0020.up(db);
    const { rows } = await db.query<{ id: string; held_by: string }>(
      `SELECT "id", "held_by" FROM "user_activities" WHERE "id" LIKE 'act20%' ORDER BY "id"`,
    );
    expect(rows).toEqual([
      { id: 'act20dues000001', held_by: 'mem20aaaaaaaaaa' },
      { id: 'act20expense001', held_by: '' },
      { id: 'act20line000001', held_by: 'prj20aaaaaaaaaa' },
      { id: 'act20line000002', held_by: 'prj20bbbbbbbbbb' },
      { id: 'act20nothing001', held_by: '' },
      { id: 'act20staff00001', held_by: 'atv20aaaaaaaaaa' },
    ]);
    // The column is indexed again.
    expect((await indexes(db)).map((i) => i.name)).toContain('idx_user_activities_held_by');
  });
});
