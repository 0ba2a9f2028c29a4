import type { Queryable } from './database';

/** A frozen schema change. Never edit one that has landed; write a new one. */
export type Migration = {
  name: string;
  up(tx: Queryable): Promise<void>;
};

/** Runs the given statements in order. */
export function sqlMigration(name: string, statements: readonly string[]): Migration {
  return {
    name,
    up: async (tx) => {
      for (const statement of statements) await tx.query(statement);
    },
  };
}
