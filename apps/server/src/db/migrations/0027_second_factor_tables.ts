import { sqlMigration } from '../migration';

/**
 * The second factor's server-only tables (domain/two-factor.ts), PocketBase's `_otps` and
 * `_mfas` in this database's words:
 * - `_otps`: emailed one-time codes (hashed), one use each, 180 s;
 * - `_mfas`: a first factor that succeeded and waits for a second one (the 401's `mfaId`), 600 s;
 * - `_mfa_factors`: an account's authenticator app (its secret encrypted with AES-256-GCM, the
 *   last time step used so that a code works once) and its recovery codes (SHA-256 of each code
 *   not used yet). Times are milliseconds since 1970 by the server's clock.
 */
export const migration = sqlMigration('0027_second_factor_tables', [
  `CREATE TABLE "_otps" (
     "id" text PRIMARY KEY,
     "collection" text NOT NULL,
     "record" text NOT NULL,
     "password" text NOT NULL,
     "sent_to" text NOT NULL,
     "created" bigint NOT NULL
   )`,
  `CREATE INDEX "_otps_record" ON "_otps" ("collection", "record")`,
  `CREATE TABLE "_mfas" (
     "id" text PRIMARY KEY,
     "collection" text NOT NULL,
     "record" text NOT NULL,
     "method" text NOT NULL,
     "created" bigint NOT NULL
   )`,
  `CREATE TABLE "_mfa_factors" (
     "collection" text NOT NULL,
     "record" text NOT NULL,
     "secret" text NOT NULL,
     "confirmed" boolean NOT NULL DEFAULT FALSE,
     "last_step" bigint NOT NULL DEFAULT 0,
     "recovery_codes" jsonb NOT NULL DEFAULT '[]'::jsonb,
     "created" bigint NOT NULL,
     PRIMARY KEY ("collection", "record")
   )`,
]);
