import { sqlMigration } from '../migration';

/**
 * Questions one server process asks the others (core/peer-calls.ts) and their answers, e.g. "whose
 * is this realtime client?" or "how far is this import?". A row lives a minute at most, so the
 * table is unlogged: nothing in it needs to survive a crash of the database.
 */
export const migration = sqlMigration('0018_peer_calls', [
  `CREATE UNLOGGED TABLE "_peer_calls" (
     "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     "kind" text NOT NULL,
     "payload" jsonb NOT NULL,
     "reply" jsonb,
     "created" timestamptz NOT NULL DEFAULT now()
   )`,
]);
