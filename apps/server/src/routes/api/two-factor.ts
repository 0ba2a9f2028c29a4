import type { FastifyInstance, FastifyRequest } from 'fastify';
import { q } from '../../core/collection-model';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import type { AuthState } from '../../core/request-info';
import type { TwoFactor } from '../../domain/two-factor';
import type { Mailer } from '../../tools/mail/mailer';
import { verifyPassword } from '../../tools/security/password';
import type { RateLimits } from '../rate-limits';
import { readBody } from '../read-body';
import { auditTwoFactorChange, issuerName } from './auth';
import { accountToReset } from './accounts';

const LOAD_ERROR = 'An error occurred while loading the submitted data.';
const VALIDATION_ERROR = 'An error occurred while validating the submitted data.';
const WRONG_CODE = {
  code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' },
};

export type TwoFactorRouteOptions = {
  engine: Engine;
  twoFactor: TwoFactor;
  mailer: Mailer;
  limits: Pick<RateLimits, 'secondFactor' | 'oldPassword'> | null;
};

function signedIn(request: FastifyRequest): AuthState {
  const auth = request.info.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  return auth;
}

/** A short text field of the body, or a validation error naming it. */
function textField(data: Record<string, unknown>, key: string, max = 255): string {
  const value = data[key];
  if (typeof value !== 'string' || value === '')
    throw new ApiError(400, VALIDATION_ERROR, {
      [key]: { code: 'validation_required', message: 'Cannot be blank.' },
    });
  if (value.length > max)
    throw new ApiError(400, VALIDATION_ERROR, {
      [key]: {
        code: 'validation_length_out_of_range',
        message: `The length must be between 1 and ${max}.`,
      },
    });
  return value;
}

/**
 * The signed-in account's own authenticator app (`/api/two-factor…`), and an administrator's
 * reset of someone else's second factor. The secret is shown once, when enrolling; it is never
 * answered again, nor written to the activity monitor.
 */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { engine, twoFactor, mailer, limits }: TwoFactorRouteOptions,
): Promise<void> {
  /** Counts a code attempt for the account: 429 past five in three minutes. */
  const limitCodes = async (auth: AuthState) => {
    const limiter = limits?.secondFactor;
    if (limiter && !(await limiter.attempt(`${auth.collection.name}:${String(auth.record.id)}`)))
      throw new ApiError(429, 'Too many attempts, please try again later.');
  };

  /** `GET /api/two-factor`: is a second factor required, is an app enrolled, codes left. */
  app.get('/api/two-factor', async (request) => {
    const auth = signedIn(request);
    return twoFactor.status(auth.collection, auth.record, auth.permissions);
  });

  /** `POST /api/two-factor/totp`: a new secret, its otpauth:// address and QR code (SVG). */
  app.post('/api/two-factor/totp', async (request) => {
    const auth = signedIn(request);
    return twoFactor.beginEnrolment(auth.collection, auth.record, await issuerName(engine));
  });

  /** `POST /api/two-factor/totp/confirm` `{code}`: the first code; answers the recovery codes. */
  app.post('/api/two-factor/totp/confirm', async (request) => {
    const auth = signedIn(request);
    const { data } = await readBody(request, LOAD_ERROR);
    const code = textField(data, 'code', 64);
    await limitCodes(auth);
    if (await twoFactor.isEnrolled(auth.collection, String(auth.record.id)))
      throw new ApiError(400, 'An authenticator app is already enrolled: remove it first.');
    const result = await twoFactor.checkCode(auth.collection, String(auth.record.id), code, {
      confirm: true,
      recovery: false,
    });
    if (!result?.recoveryCodes) throw new ApiError(400, 'Invalid authenticator code.', WRONG_CODE);
    await auditTwoFactorChange(
      engine,
      request,
      auth.collection,
      auth.record,
      'Authenticator app enrolled',
    );
    return { recoveryCodes: result.recoveryCodes };
  });

  /** `POST /api/two-factor/recovery-codes` `{code}`: ten new recovery codes for the old ones. */
  app.post('/api/two-factor/recovery-codes', async (request) => {
    const auth = signedIn(request);
    const { data } = await readBody(request, LOAD_ERROR);
    const code = textField(data, 'code', 64);
    await limitCodes(auth);
    const result = await twoFactor.checkCode(auth.collection, String(auth.record.id), code, {
      recovery: false,
    });
    if (!result) throw new ApiError(400, 'Invalid authenticator code.', WRONG_CODE);
    const recoveryCodes = await twoFactor.newRecoveryCodes(
      engine.db,
      auth.collection,
      String(auth.record.id),
    );
    await auditTwoFactorChange(
      engine,
      request,
      auth.collection,
      auth.record,
      'New recovery codes made',
    );
    return { recoveryCodes };
  });

  /**
   * `POST /api/two-factor/totp/remove` `{password, code}`: removing the app takes both the
   * password and a code (authenticator or recovery), so neither a stolen session nor a stolen
   * password alone removes it.
   */
  app.post('/api/two-factor/totp/remove', async (request, reply) => {
    const auth = signedIn(request);
    const { data } = await readBody(request, LOAD_ERROR);
    const password = textField(data, 'password', 255);
    const code = textField(data, 'code', 64);
    const passwords = limits?.oldPassword;
    if (passwords && !(await passwords.attempt(`${auth.collection.id}:${String(auth.record.id)}`)))
      throw new ApiError(429, 'Too Many Requests.');
    await limitCodes(auth);
    const { rows } = await engine.db.query<{ password: string }>(
      `SELECT "password" FROM ${q(auth.collection.table)} WHERE "id" = $1`,
      [auth.record.id],
    );
    if (!(await verifyPassword(password, String(rows[0]?.password ?? ''))))
      throw new ApiError(400, VALIDATION_ERROR, {
        password: { code: 'validation_invalid_password', message: 'Invalid password.' },
      });
    if (!(await twoFactor.checkCode(auth.collection, String(auth.record.id), code)))
      throw new ApiError(400, 'Invalid authenticator or recovery code.', WRONG_CODE);
    await engine.db.transaction(async (tx) => {
      await twoFactor.removeFactor(tx, auth.collection, String(auth.record.id));
      await auditTwoFactorChange(
        engine,
        request,
        auth.collection,
        auth.record,
        'Authenticator app removed',
        tx,
      );
    });
    return reply.code(204).send();
  });

  /**
   * `POST /api/two-factor/reset/{collection}/{id}`: an administrator removes a person's
   * authenticator app (lost phone, no recovery code left). The same permission and rank as
   * resetting their password; audited, and the person is told by email. Their next sign-in
   * uses an emailed code, or leads them through enrolling a new app.
   */
  app.post<{ Params: { collection: string; id: string } }>(
    '/api/two-factor/reset/:collection/:id',
    async (request, reply) => {
      const { collection, lock } = accountToReset(engine, request);
      const row = await engine.db.transaction(async (tx) => {
        const locked = await lock(tx);
        await twoFactor.removeFactor(tx, collection, request.params.id);
        await auditTwoFactorChange(
          engine,
          request,
          collection,
          locked,
          'Second factor reset by an administrator',
          tx,
        );
        return locked;
      });
      const by = String(request.info.auth?.record.name ?? '') || 'an administrator';
      void mailer.send({
        to: String(row.email),
        subject: 'Your two-step sign-in was reset',
        text: `Hello ${String(row.name ?? '')},\n\n${by} removed the authenticator app from your back office account. At your next sign-in you will use a code sent by email, or set up an authenticator app again.\n\nIf you did not ask for this, tell your administrator at once.\n`,
      });
      return reply.code(204).send();
    },
  );
}
