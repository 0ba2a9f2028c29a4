import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TWO_FACTOR_POLICIES, type Permission, type TwoFactorPolicy } from '@app/schema';
import type { Database, Queryable } from '../db/database';
import type { Collection } from '../core/collection-model';
import { ApiError } from '../core/errors';
import type { Row } from '../core/record-export';
import { hashPassword, verifyPassword } from '../tools/security/password';
import { newRecordId, randomString } from '../tools/security/random';
import { createSecretBox, type SecretBox } from '../tools/security/secret-box';

/**
 * The second factor at sign-in: PocketBase's MFA sessions (`_mfas`) and emailed one-time codes
 * (`_otps`), and this product's authenticator apps (TOTP, RFC 6238) with recovery codes
 * (`_mfa_factors`). The routes are in routes/api/auth.ts and routes/api/two-factor.ts.
 */

/** PocketBase's defaults (core/collection_model_auth_options.go): seconds, digits. */
export const OTP_DURATION = 180;
export const OTP_LENGTH = 8;
export const MFA_DURATION = 600;
/** PocketBase reuses the last code after this many live ones, so a loop cannot flood a mailbox. */
const MAX_LIVE_OTPS = 10;

/** What every authenticator app reads: SHA-1, 6 digits, 30 s; one step either side for clock drift. */
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper. 12 characters of 31: about 59 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type Clock = () => number;
/** How a factor was proven: PocketBase's `password` and `otp`, and this product's two. */
export type AuthMethod = 'password' | 'otp' | 'totp' | 'recovery';

export const METHOD_WORDS: Record<AuthMethod, string> = {
  password: 'password',
  otp: 'emailed code',
  totp: 'authenticator app',
  recovery: 'recovery code',
};

/**
 * The permissions that make an account need a second factor under the default policy: those that
 * move money (approve, pay, reverse a payroll), manage accounts or roles, or restore backups
 * (`settings.update`).
 */
export function isSensitivePermission(permission: Permission): boolean {
  return (
    permission.endsWith('.approve') ||
    permission.endsWith('.pay') ||
    permission === 'payroll.reverse' ||
    permission === 'employees.read_auth' ||
    permission === 'settings.update' ||
    /^(roles|users)\.(create|update|remove)$/.test(permission)
  );
}

/** The factor row of an account, as stored. */
type FactorRow = {
  secret: string;
  confirmed: boolean;
  last_step: string | number;
  recovery_codes: unknown;
};

/** What the sign-in screen may offer as the second step. */
export type SecondStepOptions = {
  collectionName: string;
  /** An authenticator app is enrolled (and its recovery codes work). */
  totp: boolean;
  /** Codes can be emailed (SMTP is configured). */
  otp: boolean;
  /** Neither: the person enrols an authenticator app now. */
  enrol: boolean;
};

export type TwoFactorOptions = {
  db: Database;
  /** MFA=off turns the requirement off. */
  enabled: boolean;
  /** Codes can be emailed (SMTP_URL is set). */
  mailEnabled: boolean;
  /** MFA_KEY; empty: the key kept in `_secrets`. */
  keys: readonly Buffer[];
  clock?: Clock;
};

export type TwoFactor = Awaited<ReturnType<typeof createTwoFactor>>;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A recovery code as people type it: letters and digits, any case, dashes and spaces ignored. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  const raw = randomString(12, RECOVERY_ALPHABET);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** The key that encrypts authenticator secrets when MFA_KEY is unset: made on first start. */
async function storedKey(db: Queryable): Promise<Buffer> {
  await db.query(
    `INSERT INTO "_secrets" ("key", "value") VALUES ('mfa.totpKey', $1) ON CONFLICT ("key") DO NOTHING`,
    [randomBytes(32).toString('hex')],
  );
  const { rows } = await db.query<{ value: string }>(
    `SELECT "value" FROM "_secrets" WHERE "key" = 'mfa.totpKey'`,
  );
  return Buffer.from(rows[0].value, 'hex');
}

export async function createTwoFactor(options: TwoFactorOptions) {
  const { db, enabled, mailEnabled } = options;
  const clock = options.clock ?? Date.now;
  const box: SecretBox = createSecretBox(
    options.keys.length ? options.keys : [await storedKey(db)],
  );

  const totpOf = (secret: string, label = '', issuer = '') =>
    new TOTP({
      issuer,
      label,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD,
    });

  const readFactor = async (
    q: Queryable,
    collection: Collection,
    recordId: string,
    lock = false,
  ): Promise<FactorRow | undefined> =>
    (
      await q.query<FactorRow>(
        `SELECT "secret", "confirmed", "last_step", "recovery_codes" FROM "_mfa_factors" WHERE "collection" = $1 AND "record" = $2${lock ? ' FOR UPDATE' : ''}`,
        [collection.id, recordId],
      )
    ).rows[0];

  /** Enrolled: confirmed and its secret still opens (a key that was lost leaves it unusable). */
  const enrolled = (factor: FactorRow | undefined): factor is FactorRow =>
    !!factor && factor.confirmed && box.open(factor.secret) !== null;

  const recoveryHashes = (factor: FactorRow): string[] =>
    Array.isArray(factor.recovery_codes) ? factor.recovery_codes.map(String) : [];

  const policy = async (): Promise<TwoFactorPolicy> => {
    const { rows } = await db.query<{ two_factor: string }>(
      `SELECT "two_factor" FROM "organisation_settings" ORDER BY "created" LIMIT 1`,
    );
    const value = rows[0]?.two_factor;
    return (TWO_FACTOR_POLICIES as readonly string[]).includes(value ?? '')
      ? (value as TwoFactorPolicy)
      : 'sensitive';
  };

  const service = {
    enabled,
    mailEnabled,
    now: clock,

    /** Whether this account must prove a second factor at sign-in. */
    async isRequired(
      collection: Collection,
      row: Row,
      permissions: ReadonlySet<Permission>,
    ): Promise<boolean> {
      if (!enabled) return false;
      if (enrolled(await readFactor(db, collection, String(row.id)))) return true;
      const rule = await policy();
      if (rule === 'everyone') return true;
      if (rule === 'enrolled') return false;
      return [...permissions].some(isSensitivePermission);
    },

    /** The account's second factor, for its profile (never the secret). */
    async status(collection: Collection, row: Row, permissions: ReadonlySet<Permission>) {
      const factor = await readFactor(db, collection, String(row.id));
      const isEnrolled = enrolled(factor);
      return {
        required: await service.isRequired(collection, row, permissions),
        enrolled: isEnrolled,
        recoveryCodesLeft: isEnrolled ? recoveryHashes(factor).length : 0,
        emailCodes: mailEnabled,
      };
    },

    async secondStepOptions(collection: Collection, recordId: string): Promise<SecondStepOptions> {
      const totp = enrolled(await readFactor(db, collection, recordId));
      return {
        collectionName: collection.name,
        totp,
        otp: mailEnabled,
        enrol: !totp && !mailEnabled,
      };
    },

    // --- MFA sessions (PocketBase's checkMFA) ---

    async createMfa(collection: Collection, recordId: string, method: AuthMethod): Promise<string> {
      const id = newRecordId();
      // Sessions long over go now and then.
      await db.query(`DELETE FROM "_mfas" WHERE "created" < $1`, [
        clock() - 10 * MFA_DURATION * 1000,
      ]);
      await db.query(
        `INSERT INTO "_mfas" ("id", "collection", "record", "method", "created") VALUES ($1, $2, $3, $4, $5)`,
        [id, collection.id, recordId, method, clock()],
      );
      return id;
    },

    /** The live MFA session `mfaId` (its account and first method), or null. */
    async findMfa(mfaId: string) {
      if (!/^[a-z0-9]{1,30}$/.test(mfaId)) return null;
      const { rows } = await db.query<{
        collection: string;
        record: string;
        method: AuthMethod;
        created: string;
      }>(`SELECT "collection", "record", "method", "created" FROM "_mfas" WHERE "id" = $1`, [
        mfaId,
      ]);
      const found = rows[0];
      if (!found) return null;
      if (Number(found.created) + MFA_DURATION * 1000 < clock()) {
        await db.query(`DELETE FROM "_mfas" WHERE "id" = $1`, [mfaId]);
        return null;
      }
      return found;
    },

    /**
     * Spends the MFA session for the second method, with PocketBase's answers when it cannot:
     * gone or expired, another account's, or the same method twice. Returns the first method.
     */
    async spendMfa(
      mfaId: string,
      collection: Collection,
      recordId: string,
      method: AuthMethod,
    ): Promise<AuthMethod> {
      const found = await service.findMfa(mfaId);
      if (!found) throw new ApiError(400, 'Invalid or expired MFA session.');
      if (found.record !== recordId || found.collection !== collection.id)
        throw new ApiError(400, 'Invalid MFA session.');
      const same = (m: AuthMethod) => (m === 'recovery' ? 'totp' : m);
      if (same(found.method) === same(method))
        throw new ApiError(400, 'A different authentication method is required.');
      // Whoever deletes it spends it: two requests racing with one session, one wins.
      const { rows } = await db.query(`DELETE FROM "_mfas" WHERE "id" = $1 RETURNING "id"`, [
        mfaId,
      ]);
      if (!rows.length) throw new ApiError(400, 'Invalid or expired MFA session.');
      return found.method;
    },

    // --- emailed one-time codes (PocketBase's OTP) ---

    /** A new code for the account (or, past ten live ones, the last one again, not mailed). */
    async createOtp(
      collection: Collection,
      row: Row,
    ): Promise<{ id: string; password: string | null }> {
      const now = clock();
      await db.query(`DELETE FROM "_otps" WHERE "created" < $1`, [now - 10 * OTP_DURATION * 1000]);
      const { rows } = await db.query<{ id: string }>(
        `SELECT "id" FROM "_otps" WHERE "collection" = $1 AND "record" = $2 AND "created" >= $3 ORDER BY "created" DESC`,
        [collection.id, row.id, now - OTP_DURATION * 1000],
      );
      if (rows.length >= MAX_LIVE_OTPS) return { id: rows[0].id, password: null };
      const id = newRecordId();
      const password = randomString(OTP_LENGTH, '0123456789');
      await db.query(
        `INSERT INTO "_otps" ("id", "collection", "record", "password", "sent_to", "created") VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, collection.id, row.id, await hashPassword(password), String(row.email), now],
      );
      return { id, password };
    },

    /** The live code `otpId` of this collection: its account's id, or null. */
    async findOtp(otpId: string, collection: Collection) {
      if (!/^[a-z0-9]{1,30}$/.test(otpId)) return null;
      const { rows } = await db.query<{ record: string; password: string; created: string }>(
        `SELECT "record", "password", "created" FROM "_otps" WHERE "id" = $1 AND "collection" = $2`,
        [otpId, collection.id],
      );
      const found = rows[0];
      if (!found || Number(found.created) + OTP_DURATION * 1000 < clock()) return null;
      return found;
    },

    /** Checks a code; a right one is deleted (one use). */
    async spendOtp(otpId: string, hash: string, password: string): Promise<boolean> {
      if (!(await verifyPassword(password, hash))) return false;
      const { rows } = await db.query(`DELETE FROM "_otps" WHERE "id" = $1 RETURNING "id"`, [
        otpId,
      ]);
      return rows.length > 0;
    },

    // --- authenticator apps ---

    /**
     * Starts (or starts again) an enrolment: a new secret, kept unconfirmed until a first code
     * proves the app holds it. Refused when an app is enrolled: removing it comes first.
     */
    async beginEnrolment(collection: Collection, row: Row, issuer: string) {
      const secret = new Secret({ size: 20 }).base32;
      // A confirmed app whose secret no key opens any more (a lost key) may be replaced.
      const current = await readFactor(db, collection, String(row.id));
      const unreadable = current && box.open(current.secret) === null ? current.secret : null;
      const { rows } = await db.query(
        `INSERT INTO "_mfa_factors" ("collection", "record", "secret", "confirmed", "created") VALUES ($1, $2, $3, FALSE, $4)
         ON CONFLICT ("collection", "record") DO UPDATE SET "secret" = EXCLUDED."secret", "confirmed" = FALSE, "last_step" = 0, "recovery_codes" = '[]'::jsonb, "created" = EXCLUDED."created"
         WHERE NOT "_mfa_factors"."confirmed" OR "_mfa_factors"."secret" = $5
         RETURNING "record"`,
        [collection.id, row.id, box.seal(secret), clock(), unreadable],
      );
      if (!rows.length)
        throw new ApiError(400, 'An authenticator app is already enrolled: remove it first.');
      const uri = totpOf(secret, String(row.email), issuer).toString();
      const qr = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { secret, uri, qr };
    },

    /**
     * Checks an authenticator code (or, when `recovery` allows it, a recovery code, which is then
     * spent) against the account's enrolled app. A code works once: the time step it belongs to
     * is kept, and a code of that step or an earlier one is refused. With `confirm`, an
     * unconfirmed enrolment is confirmed by a right code: the answer then holds the new recovery
     * codes (shown once).
     */
    async checkCode(
      collection: Collection,
      recordId: string,
      code: string,
      { confirm = false, recovery = true }: { confirm?: boolean; recovery?: boolean } = {},
    ): Promise<{ method: 'totp' | 'recovery'; recoveryCodes?: string[] } | null> {
      return db.transaction(async (tx) => {
        const factor = await readFactor(tx, collection, recordId, true);
        const secret = factor && box.open(factor.secret);
        if (!factor || !secret || (!factor.confirmed && !confirm)) return null;
        const digits = code.replace(/\s/g, '');
        if (/^\d{6}$/.test(digits)) {
          const now = clock();
          const delta = totpOf(secret).validate({
            token: digits,
            timestamp: now,
            window: TOTP_WINDOW,
          });
          if (delta === null) return null;
          const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
          if (step <= Number(factor.last_step)) return null;
          let recoveryCodes: string[] | undefined;
          if (!factor.confirmed) {
            recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
          }
          await tx.query(
            `UPDATE "_mfa_factors" SET "last_step" = $3, "confirmed" = TRUE, "secret" = $4${recoveryCodes ? `, "recovery_codes" = $5::jsonb` : ''} WHERE "collection" = $1 AND "record" = $2`,
            [
              collection.id,
              recordId,
              step,
              // Sealed again with the current key after a rotation.
              box.isCurrent(factor.secret) ? factor.secret : box.seal(secret),
              ...(recoveryCodes
                ? [JSON.stringify(recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))))]
                : []),
            ],
          );
          return { method: 'totp', recoveryCodes };
        }
        if (!recovery || !factor.confirmed) return null;
        const wanted = sha256(normaliseRecoveryCode(code));
        const hashes = recoveryHashes(factor);
        const match = hashes.find((h) => sameText(h, wanted));
        if (!match) return null;
        await tx.query(
          `UPDATE "_mfa_factors" SET "recovery_codes" = $3::jsonb WHERE "collection" = $1 AND "record" = $2`,
          [collection.id, recordId, JSON.stringify(hashes.filter((h) => h !== match))],
        );
        return { method: 'recovery' };
      });
    },

    /** Ten new recovery codes in place of the old ones (shown once). */
    async newRecoveryCodes(q: Queryable, collection: Collection, recordId: string) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await q.query(
        `UPDATE "_mfa_factors" SET "recovery_codes" = $3::jsonb WHERE "collection" = $1 AND "record" = $2 AND "confirmed"`,
        [
          collection.id,
          recordId,
          JSON.stringify(codes.map((c) => sha256(normaliseRecoveryCode(c)))),
        ],
      );
      return codes;
    },

    async isEnrolled(collection: Collection, recordId: string): Promise<boolean> {
      return enrolled(await readFactor(db, collection, recordId));
    },

    /** Removes the account's authenticator app and recovery codes; true when there was one. */
    async removeFactor(q: Queryable, collection: Collection, recordId: string): Promise<boolean> {
      const { rows } = await q.query<{ confirmed: boolean }>(
        `DELETE FROM "_mfa_factors" WHERE "collection" = $1 AND "record" = $2 RETURNING "confirmed"`,
        [collection.id, recordId],
      );
      await q.query(`DELETE FROM "_mfas" WHERE "collection" = $1 AND "record" = $2`, [
        collection.id,
        recordId,
      ]);
      return rows.some((r) => r.confirmed);
    },
  };
  return service;
}
