import type { Engine } from '../core/engine';
import { q } from '../core/collection-model';
import { createRecord, updateRecord } from '../core/records';
import type { RequestInfo } from '../core/request-info';
import type { Area } from './area';

export type Created = { id: string } & Record<string, unknown>;

/** An account the demo made, listed at the end so people know how to sign in. */
export type DemoAccount = { email: string; password: string; note: string };

/** What an area's demo seed works with. */
export type DemoSeed = {
  /** Creates a record through the engine, so validation, hooks and the audit trail apply. */
  create: (collection: string, data: Record<string, unknown>) => Promise<Created>;
  /** Updates a record through the engine (a workflow move such as approving an expense). */
  update: (collection: string, id: string, data: Record<string, unknown>) => Promise<Created>;
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
  const seed: DemoSeed = {
    create: async (collection, data) => {
      const target = engine.registry.get(collection);
      if (!target) throw new Error(`no collection ${collection}`);
      return (await createRecord(
        engine,
        target,
        { data, files: {} },
        request,
        '127.0.0.1',
      )) as Created;
    },
    update: async (collection, id, data) => {
      const target = engine.registry.get(collection);
      if (!target) throw new Error(`no collection ${collection}`);
      return (await updateRecord(
        engine,
        target,
        id,
        { data, files: {} },
        request,
        '127.0.0.1',
      )) as Created;
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
