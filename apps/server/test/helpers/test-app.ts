import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ALL_PERMISSIONS, type Permission } from '@app/schema';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app';
import { readConfig, type AppConfig } from '../../src/config';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { newRecordId, newTokenKey } from '../../src/tools/security/random';
import { hashPassword } from '../../src/tools/security/password';
import { issueToken } from '../../src/core/auth';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'admin-password-1';

/** A database for one test file: in-memory PGlite, or a fresh PostgreSQL database with DATABASE_URL. */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const name = `test_${newRecordId()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 10);
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves before its connections have said goodbye; FORCE would kill them mid-way.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`,
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = BuiltApp & {
  config: AppConfig;
  /** A token for the bootstrapped administrator (every permission). */
  adminToken: string;
  /**
   * A token for a second account holding every permission: what the administrator records,
   * this one approves (nobody approves what they recorded; see core/workflow.ts).
   */
  approverToken: string;
  approverId: string;
  /** Creates an active employee holding a role with exactly these permissions; returns its token. */
  employeeWith(
    permissions: Permission[],
    fields?: Record<string, unknown>,
  ): Promise<{ id: string; token: string; email: string; password: string }>;
  stop(): Promise<void>;
};

let counter = 0;

/** `options.registry` lets a test add collections of its own (it then creates their tables itself). */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'registry' | 'clock'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-test-'));
  const { db, drop } = await openTestDatabase();
  const config: AppConfig = {
    ...readConfig({}),
    dataDir,
    logger: false,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    rateLimit: false,
    // The suites sign approvers and administrators in many times; the second factor has its own.
    mfa: false,
    appUrl: 'http://app.test',
    ...overrides,
  };
  const built = await buildApp(config, { db, registry: options.registry, clock: options.clock });
  const employees = built.engine.registry.get('employees')!;
  const adminRow = (await db.query(`SELECT * FROM "employees" WHERE "email" = $1`, [ADMIN_EMAIL]))
    .rows[0];
  const adminToken = await issueToken(built.secrets, employees, adminRow, 'auth');

  const employeeWith: TestApp['employeeWith'] = async (permissions, fields = {}) => {
    counter += 1;
    const roleId = newRecordId();
    const now = '2026-01-01 00:00:00.000Z';
    await db.query(
      `INSERT INTO "roles" ("id","title","permissions","created","updated") VALUES ($1,$2,$3::jsonb,$4,$4)`,
      [roleId, `role ${counter} ${roleId}`, JSON.stringify(permissions), now],
    );
    const id = newRecordId();
    const email = `person${counter}.${id}@test.local`;
    const password = 'person-password-1';
    await db.query(
      `INSERT INTO "employees" ("id","email","password","tokenKey","name","employment_status","roles","created","updated")
       VALUES ($1,$2,$3,$4,$5,'Active',$6::jsonb,$7,$7)`,
      [
        id,
        email,
        await hashPassword(password),
        newTokenKey(),
        `Person ${counter}`,
        JSON.stringify([roleId]),
        now,
      ],
    );
    for (const [key, value] of Object.entries(fields)) {
      await db.query(
        `UPDATE "employees" SET "${key.replace(/[^a-zA-Z_]/g, '')}" = $2 WHERE "id" = $1`,
        [id, value],
      );
    }
    const row = (await db.query(`SELECT * FROM "employees" WHERE "id" = $1`, [id])).rows[0];
    return { id, email, password, token: await issueToken(built.secrets, employees, row, 'auth') };
  };

  const approver = await employeeWith([...ALL_PERMISSIONS], { name: 'Second approver' });

  return {
    ...built,
    config,
    adminToken,
    approverToken: approver.token,
    approverId: approver.id,
    employeeWith,
    stop: async () => {
      await built.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
