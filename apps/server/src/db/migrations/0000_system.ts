import { sqlMigration } from '../migration';

// The engine's own tables. Frozen: do not edit.
export const migration = sqlMigration('0000_system', [
  // Per-collection token secrets and other generated settings.
  `CREATE TABLE "_secrets" ("key" text PRIMARY KEY, "value" text NOT NULL)`,
  // Realtime events, so that every server process sharing the database can deliver them.
  `CREATE TABLE "_events" ("id" bigserial PRIMARY KEY, "payload" jsonb NOT NULL, "created" timestamptz NOT NULL DEFAULT now())`,
]);
