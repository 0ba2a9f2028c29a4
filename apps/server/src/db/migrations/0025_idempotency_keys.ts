import { sqlMigration } from '../migration';

/**
 * The answers to writes sent with an `Idempotency-Key` header (core/idempotency.ts): a retry with
 * the same key by the same account gets the first answer back instead of writing again. The row
 * is written in the write's own transaction, so a key has an answer exactly when its write
 * committed. `account` is `collection:id`; `fingerprint` is a SHA-256 of the request (method,
 * address, body, files), so the same key on another request is refused; rows expire.
 */
export const migration = sqlMigration('0025_idempotency_keys', [
  `CREATE TABLE "_idempotency_keys" (
     "account" text NOT NULL,
     "key" text NOT NULL,
     "fingerprint" text NOT NULL,
     "status" integer NOT NULL DEFAULT 200,
     "response" jsonb,
     "created" timestamptz NOT NULL DEFAULT now(),
     "expires" timestamptz NOT NULL,
     PRIMARY KEY ("account", "key")
   )`,
]);
