import { sqlMigration } from '../migration';

/**
 * Uploads sent in pieces (routes/api/uploads.ts, domain/resumable-uploads.ts): a file the web
 * app's outbox sends chunk by chunk, so a cut connection resumes where the server stopped
 * receiving. The bytes live in the database, not on a server's disk, so any server process on
 * the same database can take the next chunk or the record that names the upload. `account` is
 * `collection:id`; `received` is how many bytes have arrived (the next chunk's offset);
 * `consumed_key` is set (to the request's Idempotency-Key, or '') when a record took the file.
 * Rows expire a day after they began and go with their chunks.
 */
export const migration = sqlMigration('0029_resumable_uploads', [
  `CREATE TABLE "_uploads" (
     "id" text PRIMARY KEY,
     "account" text NOT NULL,
     "filename" text NOT NULL,
     "type" text NOT NULL DEFAULT '',
     "size" bigint NOT NULL,
     "received" bigint NOT NULL DEFAULT 0,
     "consumed_key" text,
     "created" timestamptz NOT NULL DEFAULT now(),
     "expires" timestamptz NOT NULL
   )`,
  `CREATE INDEX "idx__uploads_account" ON "_uploads" ("account")`,
  `CREATE INDEX "idx__uploads_expires" ON "_uploads" ("expires")`,
  `CREATE TABLE "_upload_chunks" (
     "upload" text NOT NULL REFERENCES "_uploads" ("id") ON DELETE CASCADE,
     "offset" bigint NOT NULL,
     "data" bytea NOT NULL,
     PRIMARY KEY ("upload", "offset")
   )`,
]);
