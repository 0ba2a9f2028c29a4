import type { Engine } from '../core/engine';
import { q } from '../core/collection-model';
import { buildAuthState } from '../core/auth';
import type { Row } from '../core/record-export';
import type { UploadedFile } from '../core/record-write';
import { createRecord, updateRecord } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import type { Area } from './area';

export type Created = { id: string } & Record<string, unknown>;

/** An account the demo made, listed at the end so people know how to sign in. */
export type DemoAccount = { email: string; password: string; note: string };

/** Uploads by field name (`bills`, `attachments`), as a multipart request would send them. */
export type DemoFiles = Record<string, UploadedFile[]>;

/** Writes through the engine as one account. */
export type DemoWriter = {
  /** Creates a record through the engine, so validation, hooks and the audit trail apply. */
  create: (
    collection: string,
    data: Record<string, unknown>,
    files?: DemoFiles,
  ) => Promise<Created>;
  /** Changes a record through the engine (hooks and audit apply), e.g. to point at a later area's. */
  update: (
    collection: string,
    id: string,
    data: Record<string, unknown>,
    files?: DemoFiles,
  ) => Promise<Created>;
};

/** What an area's demo seed works with. */
export type DemoSeed = DemoWriter & {
  /**
   * Writes as a demo employee instead of the administrator: committee rules decide who may
   * create or approve a request, so the demo's requests are made by their committee members.
   */
  as: (email: string) => Promise<DemoWriter>;
  /** The id of a record an earlier area made, found by a unique field (a role's title, …). */
  idOf: (collection: string, field: string, value: string) => Promise<string>;
  /** Reports an account that can sign in. */
  account: (account: DemoAccount) => void;
  /** Adds to the one-line summary ("6 employees", …). */
  count: (what: string, n: number) => void;
  defaultPassword: string;
};

/** The password of the demo employees. */
export const DEMO_PASSWORD = 'demo-password-1';

/** Runs each area's demo seed in order, as `request` (the administrator). */
export async function runDemoSeed(
  engine: Engine,
  request: RequestInfo,
  areas: readonly Area[],
): Promise<{ accounts: DemoAccount[]; counts: string[] }> {
  const accounts: DemoAccount[] = [];
  const counts: string[] = [];
  const writer = (as: RequestInfo): DemoWriter => ({
    create: async (collection, data, files = {}) => {
      const target = engine.registry.get(collection);
      if (!target) throw new Error(`no collection ${collection}`);
      return (await createRecord(engine, target, { data, files }, as, '127.0.0.1')) as Created;
    },
    update: async (collection, id, data, files = {}) => {
      const target = engine.registry.get(collection);
      if (!target) throw new Error(`no collection ${collection}`);
      return (await updateRecord(engine, target, id, { data, files }, as, '127.0.0.1')) as Created;
    },
  });
  const seed: DemoSeed = {
    ...writer(request),
    as: async (email) => {
      const employees = engine.registry.get('employees')!;
      const { rows } = await engine.db.query<Row>(
        `SELECT * FROM "employees" WHERE lower("email") = lower($1)`,
        [email],
      );
      if (!rows[0]) throw new Error(`the demo has no employee ${email}`);
      return writer({ ...request, auth: await buildAuthState(engine.db, employees, rows[0]) });
    },
    idOf: async (collection, field, value) => {
      const target = engine.registry.get(collection);
      if (!target?.field(field)) throw new Error(`no field ${collection}.${field}`);
      const { rows } = await engine.db.query<{ id: string }>(
        `SELECT "id" FROM ${q(target.table)} WHERE ${q(field)} = $1 LIMIT 1`,
        [value],
      );
      if (!rows[0]) throw new Error(`the demo has no ${collection} with ${field} "${value}"`);
      return rows[0].id;
    },
    account: (account) => accounts.push(account),
    count: (what, n) => counts.push(`${n} ${what}`),
    defaultPassword: engine.config.defaultPassword,
  };
  for (const area of areas) await area.seedDemo?.(seed);
  return { accounts, counts };
}
