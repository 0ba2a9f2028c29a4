import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  buildAuthState,
  findRecordByToken,
  isActiveAccount,
  issueToken,
  type Secrets,
} from '../../core/auth';
import { accountActor, writeAudit } from '../../core/audit';
import { q, type Collection } from '../../core/collection-model';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import { expandRecords } from '../../core/expand';
import { exportRecord, type Row } from '../../core/record-export';
import type { AuthState } from '../../core/request-info';
import type { FieldError } from '../../core/values';
import { readBody } from '../read-body';
import type { RateLimits, RequestLimiter } from '../rate-limits';
import type { Mailer } from '../../tools/mail/mailer';
import { dummyPasswordCheck, hashPassword, verifyPassword } from '../../tools/security/password';
import { newRecordId, newTokenKey } from '../../tools/security/random';
import type { Queryable } from '../../db/database';
import { formatDate, invalidTextError, isStorableText } from '../../core/values';
import {
  MFA_DURATION,
  METHOD_WORDS,
  OTP_DURATION,
  type AuthMethod,
  type TwoFactor,
} from '../../domain/two-factor';

const LOAD_ERROR = 'An error occurred while loading the submitted data.';
const VALIDATION_ERROR = 'An error occurred while validating the submitted data.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RESEND_LOCK_MS = 2 * 60 * 1000;

export type AuthRouteOptions = {
  engine: Engine;
  secrets: Secrets;
  mailer: Mailer;
  /** Limits per client IP on the sign-in and e-mail sending endpoints (null = off). */
  limits: Pick<RateLimits, 'signIn' | 'email' | 'secondFactor'> | null;
  twoFactor: TwoFactor;
};

type Params = { collection: string };

function authCollection(engine: Engine, request: FastifyRequest<{ Params: Params }>): Collection {
  const collection = engine.registry.get(request.params.collection);
  if (!collection || collection.type !== 'auth')
    throw new ApiError(404, 'Missing or invalid auth collection context.');
  return collection;
}

function fieldErrors(errors: Record<string, FieldError>): void {
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_ERROR, errors);
}

function requireText(
  data: Record<string, unknown>,
  key: string,
  errors: Record<string, FieldError>,
  max = 255,
): string {
  const value = data[key];
  if (typeof value !== 'string' || value === '') {
    errors[key] = { code: 'validation_required', message: 'Cannot be blank.' };
    return '';
  }
  // NUL or a lone surrogate can match no account and would break the query: invalid input.
  // Passwords are exempt: only their hash is stored, and an old one may hold any character.
  if (!key.startsWith('password') && !isStorableText(value)) errors[key] = invalidTextError();
  else if (value.length > max)
    errors[key] = {
      code: 'validation_length_out_of_range',
      message: `The length must be between 1 and ${max}.`,
      params: { min: 1, max },
    };
  return value;
}

async function limit(limiter: RequestLimiter | undefined, request: FastifyRequest): Promise<void> {
  if (limiter && !(await limiter(request))) throw new ApiError(429, 'Too Many Requests.');
}

/** PocketBase reads the MFA session's id from the query, else from the body. */
function mfaIdOf(request: FastifyRequest, data: Record<string, unknown>): string {
  const fromQuery = request.info.query.mfaId;
  if (fromQuery) return fromQuery;
  return typeof data.mfaId === 'string' ? data.mfaId : '';
}

/** The organisation's name, which authenticator apps show beside the code. */
export async function issuerName(engine: Engine): Promise<string> {
  const { rows } = await engine.db.query<{ name: string }>(
    `SELECT "name" FROM "organisation_settings" ORDER BY "created" LIMIT 1`,
  );
  return rows[0]?.name?.trim() || 'Back office';
}

async function findByEmail(
  engine: Engine,
  collection: Collection,
  email: string,
): Promise<Row | undefined> {
  const { rows } = await engine.db.query<Row>(
    `SELECT * FROM ${q(collection.table)} WHERE lower("email") = lower($1)`,
    [email],
  );
  return rows[0];
}

/** The auth collections' endpoints (`/api/collections/{auth collection}/…`). */
export async function authRoutes(app: FastifyInstance, options: AuthRouteOptions): Promise<void> {
  const { engine, secrets, mailer, twoFactor } = options;
  const resendLocks = new Map<string, number>();
  const locked = (key: string) => {
    const now = Date.now();
    for (const [k, until] of resendLocks) if (until < now) resendLocks.delete(k);
    if ((resendLocks.get(key) ?? 0) > now) return true;
    resendLocks.set(key, now + RESEND_LOCK_MS);
    return false;
  };

  /** The token and record answer; `state` is the account's auth state when this request already has it. */
  const authResponse = async (
    request: FastifyRequest<{ Querystring: { expand?: string } }>,
    collection: Collection,
    row: Row,
    state?: AuthState,
    meta?: Record<string, unknown>,
  ) => {
    const info = {
      ...request.info,
      auth: state ?? (await buildAuthState(engine.db, collection, row)),
    };
    const record = exportRecord(collection, row, info, { forceEmail: true });
    if (request.query.expand)
      await expandRecords(engine, collection, [row], [record], request.query.expand, info);
    const token = await issueToken(secrets, collection, row, 'auth');
    return meta ? { meta, record, token } : { token, record };
  };

  /**
   * The end of every sign-in method (PocketBase's recordAuthResponse with checkMFA): an account
   * that must use two factors and comes with one gets 401 `{mfaId}`; with the `mfaId` of a first
   * method that succeeded, a different method completes the sign-in. `firstMethod` is set when
   * the caller has already spent the MFA session (the authenticator step, which is a second
   * factor only).
   */
  const finishSignIn = async (
    request: FastifyRequest<{ Querystring: { expand?: string } }>,
    reply: FastifyReply,
    collection: Collection,
    row: Row,
    method: AuthMethod,
    data: Record<string, unknown>,
    { firstMethod, meta }: { firstMethod?: AuthMethod; meta?: Record<string, unknown> } = {},
  ) => {
    if (!isActiveAccount(collection, row)) {
      // Said only after a correct factor, so it reveals nothing to a guesser.
      throw new ApiError(403, 'The account is not active.');
    }
    const state = await buildAuthState(engine.db, collection, row);
    const methods: AuthMethod[] = [method];
    if (firstMethod) methods.unshift(firstMethod);
    else if (await twoFactor.isRequired(collection, row, state.permissions)) {
      const mfaId = mfaIdOf(request, data);
      if (!mfaId) {
        const id = await twoFactor.createMfa(collection, String(row.id), method);
        // Not the error shape: PocketBase writes this answer as it is.
        return reply.code(401).send({ mfaId: id });
      }
      methods.unshift(await twoFactor.spendMfa(mfaId, collection, String(row.id), method));
    }
    await writeAudit(engine.db, {
      action: 'SIGN_IN',
      collection,
      recordId: String(row.id),
      before: null,
      after: null,
      request: { ...request.info, auth: state },
      ip: request.ip,
      comment: `With ${methods.map((m) => METHOD_WORDS[m]).join(' and ')}`,
    });
    return authResponse(request, collection, row, state, meta);
  };

  /** A failed second-factor attempt, in the monitor against the account it concerns. */
  const auditFailedCode = (
    request: FastifyRequest,
    collection: Collection,
    row: Row,
    comment: string,
  ) =>
    writeAudit(engine.db, {
      action: 'SIGN_IN_FAILED',
      collection,
      recordId: String(row.id),
      before: null,
      after: null,
      request: request.info,
      ip: request.ip,
      actor: accountActor(collection, row),
      comment,
    });

  /** Counts a code attempt for the account; 429 once it has had its five. */
  const limitCodes = async (collection: Collection, recordId: string, message: string) => {
    const limiter = options.limits?.secondFactor;
    if (limiter && !(await limiter.attempt(`${collection.name}:${recordId}`)))
      throw new ApiError(429, message);
  };

  app.get<{ Params: Params }>('/api/collections/:collection/auth-methods', async (request) => {
    authCollection(engine, request);
    return {
      password: { identityFields: ['email'], enabled: true },
      oauth2: { providers: [], enabled: false },
      // Durations only when enabled, as PocketBase reports them.
      mfa: twoFactor.enabled
        ? { enabled: true, duration: MFA_DURATION }
        : { enabled: false, duration: 0 },
      otp: twoFactor.mailEnabled
        ? { enabled: true, duration: OTP_DURATION }
        : { enabled: false, duration: 0 },
      authProviders: null,
      usernamePassword: false,
      emailPassword: true,
    };
  });

  // No OAuth2 provider is configured (auth-methods says so): PocketBase's answer for a disabled method.
  app.post<{ Params: Params }>('/api/collections/:collection/auth-with-oauth2', async (request) => {
    authCollection(engine, request);
    throw new ApiError(403, 'The collection is not configured to allow OAuth2 authentication.');
  });

  /**
   * Signs in with a password, trying `collections` in order: the first whose account has this
   * email and password is signed in. Wrong for all of them: 400 (one SIGN_IN_FAILED, for the
   * collection that has the email, else the first). Right but not active: 403.
   */
  const passwordSignIn = async (
    request: FastifyRequest<{ Querystring: { expand?: string } }>,
    reply: FastifyReply,
    collections: readonly Collection[],
  ) => {
    await limit(options.limits?.signIn, request);
    const { data } = await readBody(request, LOAD_ERROR);
    const errors: Record<string, FieldError> = {};
    const identity = requireText(data, 'identity', errors);
    const password = requireText(data, 'password', errors);
    if (
      data.identityField !== undefined &&
      data.identityField !== '' &&
      data.identityField !== 'email'
    ) {
      errors.identityField = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
    }
    fieldErrors(errors);
    let failed: { collection: Collection; row: Row | undefined } | undefined;
    for (const collection of collections) {
      const row = EMAIL.test(identity)
        ? await findByEmail(engine, collection, identity)
        : undefined;
      const ok = row
        ? await verifyPassword(password, String(row.password))
        : (await dummyPasswordCheck(password), false);
      if (!row || !ok) {
        if (!failed?.row) failed = { collection, row };
        continue;
      }
      return finishSignIn(request, reply, collection, row, 'password', data);
    }
    const { collection, row } = failed!;
    if (await shouldLogFailedSignIn(engine, collection, row, identity, request.ip))
      await writeAudit(engine.db, {
        action: 'SIGN_IN_FAILED',
        collection,
        recordId: row ? String(row.id) : '',
        before: null,
        after: null,
        request: request.info,
        ip: request.ip,
        actor: {
          id: row ? String(row.id) : '',
          collection: collection.name,
          name: row ? String(row.name ?? '') : '',
          email: identity.slice(0, 255),
        },
      });
    throw new ApiError(400, 'Failed to authenticate.');
  };

  app.post<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/auth-with-password',
    async (request, reply) => passwordSignIn(request, reply, [authCollection(engine, request)]),
  );

  // The back office's sign-in form (this product's addition to PocketBase's endpoints): staff are
  // employees, other people users (docs/design.md §4); one request tries both, in that order, so
  // a user's sign-in makes no failing request first. Same body and answer as auth-with-password;
  // the answer's record names its collection (`collectionName`).
  app.post<{ Querystring: { expand?: string } }>('/api/sign-in', async (request, reply) =>
    passwordSignIn(
      request,
      reply,
      ['employees', 'users'].map((name) => engine.registry.get(name)!),
    ),
  );

  // --- PocketBase's OTP: a code mailed to the account, one use, OTP_DURATION seconds ---

  const otpDisabled = () =>
    new ApiError(403, 'The collection is not configured to allow OTP authentication.');

  app.post<{ Params: Params }>('/api/collections/:collection/request-otp', async (request) => {
    const collection = authCollection(engine, request);
    if (!twoFactor.mailEnabled) throw otpDisabled();
    await limit(options.limits?.email, request);
    const { data } = await readBody(request, LOAD_ERROR);
    const errors: Record<string, FieldError> = {};
    const email = requireText(data, 'email', errors);
    if (email && !errors.email && !EMAIL.test(email))
      errors.email = { code: 'validation_is_email', message: 'Must be a valid email address.' };
    fieldErrors(errors);
    const row = await findByEmail(engine, collection, email);
    // The same answer whether or not the address has an account (an id that leads nowhere).
    if (!row || !isActiveAccount(collection, row)) return { otpId: newRecordId() };
    const otp = await twoFactor.createOtp(collection, row);
    if (otp.password) {
      const minutes = OTP_DURATION / 60;
      void mailer.send({
        to: String(row.email),
        subject: 'Your sign-in code',
        text: `Hello ${String(row.name ?? '')},\n\nYour sign-in code is ${otp.password}. It works once, within ${minutes} minutes.\n\nIf you did not try to sign in, someone may know your password: change it.\n`,
        html: `<p>Hello ${escapeHtml(String(row.name ?? ''))},</p><p>Your sign-in code is <strong>${otp.password}</strong>. It works once, within ${minutes} minutes.</p><p>If you did not try to sign in, someone may know your password: change it.</p>`,
      });
    }
    return { otpId: otp.id };
  });

  app.post<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/auth-with-otp',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      if (!twoFactor.mailEnabled) throw otpDisabled();
      await limit(options.limits?.signIn, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const otpId = requireText(data, 'otpId', errors);
      const password = requireText(data, 'password', errors, 71);
      fieldErrors(errors);
      // One generic answer for every way a code can be wrong (PocketBase's).
      const invalid = () => new ApiError(400, 'Invalid or expired OTP');
      const otp = await twoFactor.findOtp(otpId, collection);
      if (!otp) throw invalid();
      const row = await findById(engine, collection, otp.record);
      if (!row) throw invalid();
      await limitCodes(
        collection,
        String(row.id),
        'Too many attempts, please try again later with a new OTP.',
      );
      if (!(await twoFactor.spendOtp(otpId, otp.password, password))) {
        await auditFailedCode(request, collection, row, 'Wrong emailed code');
        throw invalid();
      }
      return finishSignIn(request, reply, collection, row, 'otp', data);
    },
  );

  // --- Authenticator apps (this product's addition): a second factor only ---

  /** The MFA session's account, or PocketBase's answer for a session that is gone. */
  const mfaAccount = async (mfaId: string) => {
    const found = await twoFactor.findMfa(mfaId);
    const collection = found && engine.registry.get(found.collection);
    const row = collection && (await findById(engine, collection, found.record));
    if (!found || !collection || !row) throw new ApiError(400, 'Invalid or expired MFA session.');
    return { found, collection, row };
  };

  /**
   * `POST /api/collections/{collection}/auth-with-totp` `{mfaId, code}`: the second step with an
   * authenticator code or a recovery code. While the account is led through enrolment at
   * sign-in (no app, no mail), the first code also confirms the app; the answer's `meta` then
   * holds the recovery codes, shown once.
   */
  app.post<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/auth-with-totp',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      await limit(options.limits?.signIn, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const code = requireText(data, 'code', errors, 64);
      if (!mfaIdOf(request, data))
        errors.mfaId = { code: 'validation_required', message: 'Cannot be blank.' };
      fieldErrors(errors);
      const mfaId = mfaIdOf(request, data);
      const { found, row } = await mfaAccount(mfaId);
      if (found.collection !== collection.id) throw new ApiError(400, 'Invalid MFA session.');
      await limitCodes(collection, String(row.id), 'Too many attempts, please try again later.');
      const step = await twoFactor.secondStepOptions(collection, String(row.id));
      const result = await twoFactor.checkCode(collection, String(row.id), code, {
        confirm: step.enrol,
      });
      if (!result) {
        await auditFailedCode(request, collection, row, 'Wrong authenticator or recovery code');
        throw new ApiError(400, 'Invalid authenticator or recovery code.', {
          code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' },
        });
      }
      const first = await twoFactor.spendMfa(mfaId, collection, String(row.id), result.method);
      if (result.recoveryCodes)
        await auditTwoFactorChange(engine, request, collection, row, 'Authenticator app enrolled');
      return finishSignIn(request, reply, collection, row, result.method, data, {
        firstMethod: first,
        meta: result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : undefined,
      });
    },
  );

  /**
   * `POST /api/sign-in/mfa` `{mfaId}`: what the sign-in screen may offer as the second step for
   * this MFA session (this product's addition): the account's collection, whether it has an
   * authenticator app, whether codes can be emailed, or that it enrols an app now.
   */
  app.post('/api/sign-in/mfa', async (request) => {
    await limit(options.limits?.signIn, request);
    const { data } = await readBody(request, LOAD_ERROR);
    const errors: Record<string, FieldError> = {};
    const mfaId = requireText(data, 'mfaId', errors);
    fieldErrors(errors);
    const { collection, row } = await mfaAccount(mfaId);
    return twoFactor.secondStepOptions(collection, String(row.id));
  });

  /**
   * `POST /api/sign-in/totp-setup` `{mfaId}`: an account that must use two factors but has no
   * authenticator app and cannot be mailed a code starts enrolling one here, holding only its
   * first factor; `auth-with-totp` with the first code confirms it and signs in.
   */
  app.post('/api/sign-in/totp-setup', async (request) => {
    await limit(options.limits?.signIn, request);
    const { data } = await readBody(request, LOAD_ERROR);
    const errors: Record<string, FieldError> = {};
    const mfaId = requireText(data, 'mfaId', errors);
    fieldErrors(errors);
    const { collection, row } = await mfaAccount(mfaId);
    const step = await twoFactor.secondStepOptions(collection, String(row.id));
    // With an app, or with mail, the second factor is those: a password alone enrols nothing.
    if (!step.enrol)
      throw new ApiError(
        403,
        'This account signs in with its authenticator app or an emailed code.',
      );
    return twoFactor.beginEnrolment(collection, row, await issuerName(engine));
  });

  app.post<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/auth-refresh',
    async (request) => {
      const collection = authCollection(engine, request);
      const auth = request.info.auth;
      if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
      if (auth.collection.name !== collection.name)
        throw new ApiError(
          403,
          `The request requires auth record from ${collection.name} collection.`,
        );
      // This request has just read the account and its permissions: answer from them.
      return authResponse(request, collection, auth.record, auth);
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/request-password-reset',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      await limit(options.limits?.email, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const email = requireText(data, 'email', errors);
      if (email && !EMAIL.test(email))
        errors.email = { code: 'validation_is_email', message: 'Must be a valid email address.' };
      fieldErrors(errors);
      const row = await findByEmail(engine, collection, email);
      // Same answer whether or not the address exists.
      if (row && !locked(`reset:${collection.name}:${String(row.id)}`)) {
        const token = await issueToken(secrets, collection, row, 'passwordReset', {
          email: row.email,
        });
        const link = `${engine.config.appUrl}/auth/confirm-password-reset/${token}`;
        void mailer.send({
          to: String(row.email),
          subject: 'Reset your back office password',
          text: `Hello ${String(row.name ?? '')},\n\nTo choose a new password, open this link within 30 minutes:\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
          html: `<p>Hello ${escapeHtml(String(row.name ?? ''))},</p><p>To choose a new password, open this link within 30 minutes:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this message.</p>`,
        });
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/confirm-password-reset',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const token = requireText(data, 'token', errors, 4096);
      const password = requireText(data, 'password', errors);
      requireText(data, 'passwordConfirm', errors);
      const min = collection.def.auth!.minPasswordLength;
      if (password && ([...password].length < min || Buffer.byteLength(password) > 71)) {
        errors.password = {
          code: 'validation_length_out_of_range',
          message: `The length must be between ${min} and 71.`,
          params: { min, max: 71 },
        };
      }
      if (!errors.passwordConfirm && data.passwordConfirm !== password)
        errors.passwordConfirm = {
          code: 'validation_values_mismatch',
          message: "Values don't match.",
        };
      let found = null;
      if (token) {
        found = await findRecordByToken(
          engine.db,
          engine.registry,
          secrets,
          token,
          'passwordReset',
        );
        if (!found)
          errors.token = { code: 'validation_invalid_token', message: 'Invalid or expired token.' };
        else if (found.collection.name !== collection.name) {
          errors.token = {
            code: 'validation_token_collection_mismatch',
            message: 'The provided token is for different auth collection.',
          };
        }
      }
      fieldErrors(errors);
      const { row, payload } = found!;
      const verified = payload.email === row.email ? true : row.verified === true;
      await engine.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE ${q(collection.table)} SET "password" = $2, "tokenKey" = $3, "verified" = $4, "mustChangePassword" = $5, "updated" = $6 WHERE "id" = $1`,
          [
            row.id,
            await hashPassword(password),
            newTokenKey(),
            verified,
            password === engine.config.defaultPassword,
            formatDate(new Date()),
          ],
        );
        await writeAudit(tx, {
          action: 'PASSWORD_RESET',
          collection,
          recordId: String(row.id),
          before: null,
          after: null,
          request: request.info,
          ip: request.ip,
          actor: accountActor(collection, row),
        });
      });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/request-verification',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      await limit(options.limits?.email, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const email = requireText(data, 'email', errors);
      if (email && !EMAIL.test(email))
        errors.email = { code: 'validation_is_email', message: 'Must be a valid email address.' };
      fieldErrors(errors);
      const row = await findByEmail(engine, collection, email);
      if (row && row.verified !== true && !locked(`verify:${collection.name}:${String(row.id)}`)) {
        const token = await issueToken(secrets, collection, row, 'verification', {
          email: row.email,
        });
        const link = `${engine.config.appUrl}/auth/confirm-verification/${token}`;
        void mailer.send({
          to: String(row.email),
          subject: 'Verify your email address',
          text: `Open this link to verify your address:\n\n${link}\n`,
        });
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/confirm-verification',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const token = requireText(data, 'token', errors, 4096);
      fieldErrors(errors);
      const found = await findRecordByToken(
        engine.db,
        engine.registry,
        secrets,
        token,
        'verification',
      );
      if (!found)
        fieldErrors({
          token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
        });
      if (found!.collection.name !== collection.name) {
        fieldErrors({
          token: {
            code: 'validation_token_collection_mismatch',
            message: 'The provided token is for different auth collection.',
          },
        });
      }
      if (found!.payload.email !== found!.row.email) {
        fieldErrors({
          token: {
            code: 'validation_token_email_mismatch',
            message: "The record email doesn't match with the requested token claims.",
          },
        });
      }
      await engine.db.query(`UPDATE ${q(collection.table)} SET "verified" = TRUE WHERE "id" = $1`, [
        found!.row.id,
      ]);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/request-email-change',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      const auth = request.info.auth;
      if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
      if (auth.collection.name !== collection.name)
        throw new ApiError(
          403,
          `The request requires auth record from ${collection.name} collection.`,
        );
      await limit(options.limits?.email, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const newEmail = requireText(data, 'newEmail', errors);
      // Unreadable input stops here, before it reaches the lookup below.
      fieldErrors(errors);
      if (newEmail && !EMAIL.test(newEmail))
        errors.newEmail = {
          code: 'validation_is_email',
          message: 'Must be a valid email address.',
        };
      else if (newEmail && newEmail.toLowerCase() === String(auth.record.email).toLowerCase())
        errors.newEmail = { code: 'validation_not_in_invalid', message: 'Must not be in list.' };
      fieldErrors(errors);
      // An address already taken gets the same answer and no mail: the endpoint must not tell a
      // signed-in account which addresses have accounts. Confirming checks again.
      if (await findByEmail(engine, collection, newEmail)) return reply.code(204).send();
      const token = await issueToken(secrets, collection, auth.record, 'emailChange', {
        email: auth.record.email,
        newEmail,
      });
      const link = `${engine.config.appUrl}/auth/confirm-email-change/${token}`;
      void mailer.send({
        to: newEmail,
        subject: 'Confirm your new email address',
        text: `Open this link to confirm your new address:\n\n${link}\n`,
      });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: Params }>(
    '/api/collections/:collection/confirm-email-change',
    async (request, reply) => {
      const collection = authCollection(engine, request);
      const { data } = await readBody(request, LOAD_ERROR);
      const errors: Record<string, FieldError> = {};
      const token = requireText(data, 'token', errors, 4096);
      const password = requireText(data, 'password', errors, 100);
      fieldErrors(errors);
      const found = await findRecordByToken(
        engine.db,
        engine.registry,
        secrets,
        token,
        'emailChange',
      );
      if (!found || typeof found.payload.newEmail !== 'string')
        fieldErrors({
          token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
        });
      const { row, payload } = found!;
      if (found!.collection.name !== collection.name)
        fieldErrors({
          token: {
            code: 'validation_token_collection_mismatch',
            message: 'The provided token is for different auth collection.',
          },
        });
      if (await findByEmail(engine, collection, String(payload.newEmail)))
        fieldErrors({
          token: {
            code: 'validation_invalid_token_email',
            message: 'The new email address is invalid.',
          },
        });
      if (!(await verifyPassword(password, String(row.password))))
        fieldErrors({
          password: {
            code: 'validation_invalid_password',
            message: 'Missing or invalid auth record password.',
          },
        });
      // In a transaction: its commit waits until every process has dropped the old account
      // (old tokens are refused everywhere once this answers).
      await engine.db.transaction((tx) =>
        tx.query(
          `UPDATE ${q(collection.table)} SET "email" = $2, "verified" = TRUE, "tokenKey" = $3, "updated" = $4 WHERE "id" = $1`,
          [row.id, payload.newEmail, newTokenKey(), formatDate(new Date())],
        ),
      );
      return reply.code(204).send();
    },
  );
}

async function findById(
  engine: Engine,
  collection: Collection,
  id: string,
): Promise<Row | undefined> {
  const { rows } = await engine.db.query<Row>(
    `SELECT * FROM ${q(collection.table)} WHERE "id" = $1`,
    [id],
  );
  return rows[0];
}

/** An authenticator app enrolled, removed or reset, in the activity monitor (never its secret). */
export async function auditTwoFactorChange(
  engine: Engine,
  request: FastifyRequest,
  collection: Collection,
  row: Row,
  comment: string,
  db: Queryable = engine.db,
): Promise<void> {
  await writeAudit(db, {
    action: 'TWO_FACTOR_CHANGE',
    collection,
    recordId: String(row.id),
    before: null,
    after: null,
    request: request.info,
    ip: request.ip,
    comment,
    ...(request.info.auth
      ? {}
      : {
          actor: accountActor(collection, row),
        }),
  });
}

/** How long an unknown identity's failed sign-in counts as the same attempt. */
const SAME_ATTEMPT_MS = 30_000;

/**
 * A failed sign-in is logged once, against the account it concerns. The sign-in screen tries
 * employees, then users: an address that belongs to the other collection is not a failure here
 * (the attempt goes on there), and an address that has no account anywhere is logged once per
 * address and IP, not once per collection tried.
 */
async function shouldLogFailedSignIn(
  engine: Engine,
  collection: Collection,
  row: Row | undefined,
  identity: string,
  ip: string,
): Promise<boolean> {
  if (row) return true;
  for (const other of engine.registry.all) {
    if (other.type !== 'auth' || other.name === collection.name) continue;
    if (EMAIL.test(identity) && (await findByEmail(engine, other, identity))) return false;
  }
  const since = formatDate(new Date(Date.now() - SAME_ATTEMPT_MS));
  const { rows } = await engine.db.query(
    `SELECT 1 FROM "user_activities" WHERE "action" = 'SIGN_IN_FAILED' AND "actor" = '' AND lower("actor_email") = lower($1) AND "ip" = $2 AND "created" >= $3 LIMIT 1`,
    [identity.slice(0, 255), ip, since],
  );
  return rows.length === 0;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
