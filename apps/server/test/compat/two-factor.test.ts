import { Secret, TOTP } from 'otpauth';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { expectApiError, failure, startCompatApp, type CompatApp } from './sdk-harness';

// PocketBase's OTP and MFA through the official SDK, and the authenticator app (this product's
// addition) beside them, with the second factor required (MFA on) and a clock the test moves.

let now = Date.parse('2026-06-01T10:00:00.000Z');
const clock = () => now;
const later = (seconds: number) => {
  now += seconds * 1000;
};

let t: CompatApp;
let capture: SmtpCapture;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startCompatApp({ smtpUrl: capture.url, mfa: true }, { clock });
});
afterAll(async () => {
  await t.stop();
  await capture.close();
});

/** The code mailed to `email` after `since` messages. */
async function mailedCode(email: string, since: number): Promise<string> {
  const mail = await capture.waitFor(
    (m) => m.to.includes(email) && capture.messages.indexOf(m) >= since,
  );
  expect(mail.subject).toBe('Your sign-in code');
  return /\b(\d{8})\b/.exec(mail.text)![1];
}

/** The 401 of a first factor, with PocketBase's body `{mfaId}` (not the error shape). */
async function mfaIdOf(call: Promise<unknown>): Promise<string> {
  const err = await failure(call);
  expect(err.status).toBe(401);
  expect(Object.keys(err.response)).toEqual(['mfaId']);
  expect(err.response.mfaId).toMatch(/^[a-z0-9]{15}$/);
  return err.response.mfaId as string;
}

function totpCode(secret: string, at = now): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

type Enrolment = { secret: string; uri: string; qr: string };

/** Enrols an authenticator app from the profile (signed in); returns its secret and codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const pb = t.sdk(token);
  const setup = await pb.send<Enrolment>('/api/two-factor/totp', { method: 'POST' });
  const { recoveryCodes } = await pb.send<{ recoveryCodes: string[] }>(
    '/api/two-factor/totp/confirm',
    { method: 'POST', body: { code: totpCode(setup.secret) } },
  );
  return { secret: setup.secret, recoveryCodes };
}

async function lastActivity(recordId: string) {
  const { rows } = await t.db.query<Record<string, unknown>>(
    `SELECT * FROM "user_activities" WHERE "record" = $1 ORDER BY "created" DESC, "id" DESC LIMIT 1`,
    [recordId],
  );
  return rows[0];
}

describe('auth-methods', () => {
  it('reports MFA and OTP as enabled with PocketBase durations', async () => {
    const methods = await t.sdk().collection('employees').listAuthMethods();
    expect(methods.mfa).toEqual({ enabled: true, duration: 600 });
    expect(methods.otp).toEqual({ enabled: true, duration: 180 });
  });
});

describe('OTP (requestOTP / authWithOTP)', () => {
  it('signs in with an emailed code once; the code is 8 digits and works only once', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    const since = capture.messages.length;
    const { otpId } = await pb.collection('employees').requestOTP(person.email);
    expect(otpId).toMatch(/^[a-z0-9]{15}$/);
    const code = await mailedCode(person.email, since);
    const auth = await pb.collection('employees').authWithOTP(otpId, code);
    expect(auth.record.id).toBe(person.id);
    expect(pb.authStore.isValid).toBe(true);
    const activity = await lastActivity(person.id);
    expect(activity).toMatchObject({ action: 'SIGN_IN', comment: 'With emailed code' });
    await expectApiError(
      t.sdk().collection('employees').authWithOTP(otpId, code),
      400,
      'Invalid or expired OTP.',
    );
  });

  it('answers an unknown address as a known one, and mails nothing', async () => {
    const since = capture.messages.length;
    const answer = await t.sdk().collection('employees').requestOTP('nobody@example.org');
    expect(Object.keys(answer)).toEqual(['otpId']);
    expect(answer.otpId).toMatch(/^[a-z0-9]{15}$/);
    await expectApiError(
      t.sdk().collection('employees').authWithOTP(answer.otpId, '12345678'),
      400,
      'Invalid or expired OTP.',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(capture.messages.slice(since).some((m) => m.to.includes('nobody@example.org'))).toBe(
      false,
    );
  });

  it('refuses a wrong code, an expired code, and a code of the other collection', async () => {
    const person = await t.employeeWith(['projects.read']);
    const since = capture.messages.length;
    const { otpId } = await t.sdk().collection('employees').requestOTP(person.email);
    const code = await mailedCode(person.email, since);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    await expectApiError(
      t.sdk().collection('employees').authWithOTP(otpId, wrong),
      400,
      'Invalid or expired OTP.',
    );
    await expectApiError(
      t.sdk().collection('users').authWithOTP(otpId, code),
      400,
      'Invalid or expired OTP.',
    );
    later(181);
    await expectApiError(
      t.sdk().collection('employees').authWithOTP(otpId, code),
      400,
      'Invalid or expired OTP.',
    );
  });
});

describe('MFA (401 with mfaId, then a second method)', () => {
  it('asks an approver for a second factor after the password, then signs in with an emailed code', async () => {
    const person = await t.employeeWith(['expenses.approve']);
    const pb = t.sdk();
    const mfaId = await mfaIdOf(
      pb.collection('employees').authWithPassword(person.email, person.password),
    );
    expect(pb.authStore.token).toBe('');
    const since = capture.messages.length;
    const { otpId } = await pb.collection('employees').requestOTP(person.email);
    const code = await mailedCode(person.email, since);
    // The SDK passes extra options as query parameters: PocketBase's way of sending mfaId.
    const auth = await pb.collection('employees').authWithOTP(otpId, code, { mfaId });
    expect(auth.record.id).toBe(person.id);
    expect(pb.authStore.isValid).toBe(true);
    expect(await lastActivity(person.id)).toMatchObject({
      action: 'SIGN_IN',
      comment: 'With password and emailed code',
    });
    // The session is spent.
    const again = await t.sdk().collection('employees').requestOTP(person.email);
    await expectApiError(
      t
        .sdk()
        .collection('employees')
        .authWithOTP(again.otpId, await mailedCode(person.email, since + 1), { mfaId }),
      400,
      'Invalid or expired MFA session.',
    );
  });

  it('takes an emailed code first and the password second', async () => {
    const person = await t.employeeWith(['payroll.reverse']);
    const since = capture.messages.length;
    const { otpId } = await t.sdk().collection('employees').requestOTP(person.email);
    const code = await mailedCode(person.email, since);
    const mfaId = await mfaIdOf(t.sdk().collection('employees').authWithOTP(otpId, code));
    const auth = await t
      .sdk()
      .collection('employees')
      .authWithPassword(person.email, person.password, { mfaId });
    expect(auth.record.id).toBe(person.id);
  });

  it('refuses the same method twice, another account’s session, and an expired one', async () => {
    const person = await t.employeeWith(['users.update']);
    const other = await t.employeeWith(['expenses.pay']);
    const employees = () => t.sdk().collection('employees');
    const mfaId = await mfaIdOf(employees().authWithPassword(person.email, person.password));
    await expectApiError(
      employees().authWithPassword(person.email, person.password, { mfaId }),
      400,
      'A different authentication method is required.',
    );
    const since = capture.messages.length;
    const { otpId } = await employees().requestOTP(other.email);
    await expectApiError(
      employees().authWithOTP(otpId, await mailedCode(other.email, since), { mfaId }),
      400,
      'Invalid MFA session.',
    );
    later(601);
    const since2 = capture.messages.length;
    const { otpId: second } = await employees().requestOTP(person.email);
    await expectApiError(
      employees().authWithOTP(second, await mailedCode(person.email, since2), { mfaId }),
      400,
      'Invalid or expired MFA session.',
    );
  });

  it('answers the web sign-in (/api/sign-in) with the same 401 body', async () => {
    const person = await t.employeeWith(['roles.update']);
    const mfaId = await mfaIdOf(
      t.sdk().send('/api/sign-in', {
        method: 'POST',
        body: { identity: person.email, password: person.password },
      }),
    );
    const options = await t.sdk().send('/api/sign-in/mfa', { method: 'POST', body: { mfaId } });
    expect(options).toEqual({ collectionName: 'employees', totp: false, otp: true, enrol: false });
  });

  it('does not ask an account without a sensitive permission', async () => {
    const person = await t.employeeWith(['projects.read', 'expenses.read']);
    const auth = await t
      .sdk()
      .collection('employees')
      .authWithPassword(person.email, person.password);
    expect(auth.record.id).toBe(person.id);
    expect(await lastActivity(person.id)).toMatchObject({ comment: 'With password' });
  });

  it('a first factor alone opens nothing but the second step', async () => {
    const person = await t.employeeWith(['expenses.approve', 'expenses.read']);
    const mfaId = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    // The mfaId is no token: presented as one, the request is a guest's.
    const holder = t.sdk(mfaId);
    const calls = () => [
      holder.collection('employees').authRefresh(),
      holder.send('/api/two-factor', {}),
      holder.send('/api/two-factor/totp', { method: 'POST' }),
      holder.send('/api/accounts/default-password', {}),
      holder.collection('expenses').getList(1, 1),
    ];
    for (const call of calls()) expect((await failure(call)).status).toBe(401);
    // Not even as the query parameter the second step reads.
    const viaQuery = t.sdk();
    expect((await failure(viaQuery.send('/api/two-factor', { query: { mfaId } }))).status).toBe(
      401,
    );
    // The second step completes it, and the same calls then work.
    const since = capture.messages.length;
    const { otpId } = await t.sdk().collection('employees').requestOTP(person.email);
    const auth = await t
      .sdk()
      .collection('employees')
      .authWithOTP(otpId, await mailedCode(person.email, since), { mfaId });
    const signedIn = t.sdk(auth.token);
    await signedIn.collection('employees').authRefresh();
    await signedIn.send('/api/two-factor', {});
    await signedIn.collection('expenses').getList(1, 1);
  });
});

describe('authenticator app (TOTP)', () => {
  it('enrols from the profile, never answers the secret again, and asks for it at sign-in', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk(person.token);
    const setup = await pb.send<Enrolment>('/api/two-factor/totp', { method: 'POST' });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qr).toMatch(/^<svg/);
    // Not yet: a wrong first code confirms nothing.
    await expectApiError(
      pb.send('/api/two-factor/totp/confirm', { method: 'POST', body: { code: '000000' } }),
      400,
      'Invalid authenticator code.',
      { code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' } },
    );
    const { recoveryCodes } = await pb.send<{ recoveryCodes: string[] }>(
      '/api/two-factor/totp/confirm',
      { method: 'POST', body: { code: totpCode(setup.secret) } },
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await pb.send('/api/two-factor', {});
    expect(status).toEqual({
      required: true,
      enrolled: true,
      recoveryCodesLeft: 10,
      emailCodes: true,
    });
    // Stored sealed, and in no activity.
    const { rows } = await t.db.query<{ secret: string }>(
      `SELECT "secret" FROM "_mfa_factors" WHERE "record" = $1`,
      [person.id],
    );
    expect(rows[0].secret).not.toContain(setup.secret);
    const { rows: activities } = await t.db.query(
      `SELECT * FROM "user_activities" WHERE "record" = $1`,
      [person.id],
    );
    expect(JSON.stringify(activities)).not.toContain(setup.secret);
    expect(activities.map((a) => a.comment)).toContain('Authenticator app enrolled');
    // A second enrolment is refused while this one stands.
    await expectApiError(
      pb.send('/api/two-factor/totp', { method: 'POST' }),
      400,
      'An authenticator app is already enrolled: remove it first.',
    );

    // Enrolled: the second factor is asked of this account too.
    later(60);
    const mfaId = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    expect(await t.sdk().send('/api/sign-in/mfa', { method: 'POST', body: { mfaId } })).toEqual({
      collectionName: 'employees',
      totp: true,
      otp: true,
      enrol: false,
    });
    const code = totpCode(setup.secret);
    const auth = await t.sdk().send('/api/collections/employees/auth-with-totp', {
      method: 'POST',
      body: { mfaId, code },
    });
    expect(auth.record.id).toBe(person.id);
    expect(typeof auth.token).toBe('string');
    expect(auth.meta).toBeUndefined();
    expect(await lastActivity(person.id)).toMatchObject({
      action: 'SIGN_IN',
      comment: 'With password and authenticator app',
    });

    // The same code, within its 30 s, works once.
    const replay = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    await expectApiError(
      t.sdk().send('/api/collections/employees/auth-with-totp', {
        method: 'POST',
        body: { mfaId: replay, code },
      }),
      400,
      'Invalid authenticator or recovery code.',
      { code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' } },
    );
    expect(await lastActivity(person.id)).toMatchObject({
      action: 'SIGN_IN_FAILED',
      comment: 'Wrong authenticator or recovery code',
    });
    // A code from two steps ago is too old; the previous step's is accepted (clock drift).
    later(30);
    await expectApiError(
      t.sdk().send('/api/collections/employees/auth-with-totp', {
        method: 'POST',
        body: { mfaId: replay, code: totpCode(setup.secret, now - 90_000) },
      }),
      400,
      'Invalid authenticator or recovery code.',
      { code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' } },
    );
    const drifted = await t.sdk().send('/api/collections/employees/auth-with-totp', {
      method: 'POST',
      query: { mfaId: replay },
      body: { code: totpCode(setup.secret, now + 30_000) },
    });
    expect(drifted.record.id).toBe(person.id);
  });

  it('takes each recovery code once instead of the app', async () => {
    const person = await t.employeeWith(['expenses.pay']);
    const { recoveryCodes } = await enrol(person.token);
    const first = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    const auth = await t.sdk().send('/api/collections/employees/auth-with-totp', {
      method: 'POST',
      // As people type it: upper case, spaces for dashes.
      body: { mfaId: first, code: recoveryCodes[3].toUpperCase().replace(/-/g, ' ') },
    });
    expect(auth.record.id).toBe(person.id);
    expect(await lastActivity(person.id)).toMatchObject({
      comment: 'With password and recovery code',
    });
    const second = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    await expectApiError(
      t.sdk().send('/api/collections/employees/auth-with-totp', {
        method: 'POST',
        body: { mfaId: second, code: recoveryCodes[3] },
      }),
      400,
      'Invalid authenticator or recovery code.',
      { code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' } },
    );
    const status = await t.sdk(auth.token).send('/api/two-factor', {});
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('is removed only with the password and a code', async () => {
    const person = await t.employeeWith(['projects.read']);
    const { secret } = await enrol(person.token);
    const pb = t.sdk(person.token);
    later(30);
    await expectApiError(
      pb.send('/api/two-factor/totp/remove', {
        method: 'POST',
        body: { password: 'wrong-password-1', code: totpCode(secret) },
      }),
      400,
      'An error occurred while validating the submitted data.',
      { password: { code: 'validation_invalid_password', message: 'Invalid password.' } },
    );
    await expectApiError(
      pb.send('/api/two-factor/totp/remove', {
        method: 'POST',
        body: { password: person.password, code: '000000' },
      }),
      400,
      'Invalid authenticator or recovery code.',
      { code: { code: 'validation_invalid_code', message: 'Invalid or expired code.' } },
    );
    await pb.send('/api/two-factor/totp/remove', {
      method: 'POST',
      body: { password: person.password, code: totpCode(secret) },
    });
    expect((await pb.send('/api/two-factor', {})).enrolled).toBe(false);
    expect(await lastActivity(person.id)).toMatchObject({
      action: 'TWO_FACTOR_CHANGE',
      comment: 'Authenticator app removed',
    });
    // Back to a password alone (no sensitive permission).
    const auth = await t
      .sdk()
      .collection('employees')
      .authWithPassword(person.email, person.password);
    expect(auth.record.id).toBe(person.id);
  });

  it('an administrator resets a person’s second factor: audited, and the person is told', async () => {
    const person = await t.employeeWith(['expenses.approve']);
    await enrol(person.token);
    const clerk = await t.employeeWith(['employees.update']);
    expect(
      (
        await failure(
          t.sdk(clerk.token).send(`/api/two-factor/reset/employees/${person.id}`, {
            method: 'POST',
          }),
        )
      ).status,
    ).toBe(403);
    const since = capture.messages.length;
    await t.admin().send(`/api/two-factor/reset/employees/${person.id}`, { method: 'POST' });
    const mail = await capture.waitFor(
      (m) => m.to.includes(person.email) && capture.messages.indexOf(m) >= since,
    );
    expect(mail.subject).toBe('Your two-step sign-in was reset');
    expect(await lastActivity(person.id)).toMatchObject({
      action: 'TWO_FACTOR_CHANGE',
      comment: 'Second factor reset by an administrator',
    });
    const mfaId = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    expect(
      await t.sdk().send('/api/sign-in/mfa', { method: 'POST', body: { mfaId } }),
    ).toMatchObject({ totp: false, otp: true, enrol: false });
  });

  it('an app whose secret no key opens counts as none: an emailed code, or enrolling again', async () => {
    const person = await t.employeeWith(['projects.read']);
    await enrol(person.token);
    // As after a restore on another machine without MFA_KEY: sealed with a key not known here.
    await t.db.query(
      `UPDATE "_mfa_factors" SET "secret" = 'v1.000000000000.AAAA.AAAA.AAAA' WHERE "record" = $1`,
      [person.id],
    );
    const pb = t.sdk(person.token);
    expect(await pb.send('/api/two-factor', {})).toMatchObject({ enrolled: false });
    // Not required any more (no sensitive permission): the password alone signs in.
    const auth = await t
      .sdk()
      .collection('employees')
      .authWithPassword(person.email, person.password);
    expect(auth.record.id).toBe(person.id);
    // And a new app can be set up in its place.
    const setup = await pb.send<Enrolment>('/api/two-factor/totp', { method: 'POST' });
    later(30);
    const { recoveryCodes } = await pb.send<{ recoveryCodes: string[] }>(
      '/api/two-factor/totp/confirm',
      { method: 'POST', body: { code: totpCode(setup.secret) } },
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(await pb.send('/api/two-factor', {})).toMatchObject({ enrolled: true });
  });

  it('with mail configured, a password alone cannot enrol an app at sign-in', async () => {
    const person = await t.employeeWith(['expenses.approve']);
    const mfaId = await mfaIdOf(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    await expectApiError(
      t.sdk().send('/api/sign-in/totp-setup', { method: 'POST', body: { mfaId } }),
      403,
      'This account signs in with its authenticator app or an emailed code.',
    );
  });
});

describe('who must use two factors (organisation setting)', () => {
  it('everyone, or only those who enrolled an app', async () => {
    const reader = await t.employeeWith(['projects.read']);
    const approver = await t.employeeWith(['expenses.approve']);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT "id" FROM "organisation_settings" LIMIT 1`,
    );
    const set = (value: string) =>
      t.admin().collection('organisation_settings').update(rows[0].id, { two_factor: value });
    try {
      await set('everyone');
      await mfaIdOf(
        t.sdk().collection('employees').authWithPassword(reader.email, reader.password),
      );
      await set('enrolled');
      const auth = await t
        .sdk()
        .collection('employees')
        .authWithPassword(approver.email, approver.password);
      expect(auth.record.id).toBe(approver.id);
    } finally {
      await set('');
    }
  });
});

describe('rate limits and a fresh install without mail', () => {
  let r: CompatApp;
  beforeAll(async () => {
    r = await startCompatApp({ mfa: true, rateLimit: true }, { clock });
  });
  afterAll(async () => {
    await r.stop();
  });

  it('reports OTP as disabled without SMTP and refuses it as PocketBase does', async () => {
    const methods = await r.sdk().collection('users').listAuthMethods();
    expect(methods.otp).toEqual({ enabled: false, duration: 0 });
    await expectApiError(
      r.sdk().collection('users').requestOTP('a@example.org'),
      403,
      'The collection is not configured to allow OTP authentication.',
    );
  });

  it('leads the administrator through enrolment at sign-in, holding only the password', async () => {
    const admin = r.sdk();
    const mfaId = await mfaIdOf(
      admin.collection('employees').authWithPassword('admin@test.local', 'admin-password-1'),
    );
    expect(await admin.send('/api/sign-in/mfa', { method: 'POST', body: { mfaId } })).toEqual({
      collectionName: 'employees',
      totp: false,
      otp: false,
      enrol: true,
    });
    const setup = await admin.send<Enrolment>('/api/sign-in/totp-setup', {
      method: 'POST',
      body: { mfaId },
    });
    const auth = await admin.send('/api/collections/employees/auth-with-totp', {
      method: 'POST',
      body: { mfaId, code: totpCode(setup.secret) },
    });
    expect(auth.meta.recoveryCodes).toHaveLength(10);
    expect(typeof auth.token).toBe('string');
    // Enrolled now: the next sign-in cannot start another enrolment.
    later(30);
    const next = await mfaIdOf(
      r.sdk().collection('employees').authWithPassword('admin@test.local', 'admin-password-1'),
    );
    await expectApiError(
      r.sdk().send('/api/sign-in/totp-setup', { method: 'POST', body: { mfaId: next } }),
      403,
      'This account signs in with its authenticator app or an emailed code.',
    );
    const signedIn = await r.sdk().send('/api/collections/employees/auth-with-totp', {
      method: 'POST',
      body: { mfaId: next, code: totpCode(setup.secret) },
    });
    expect(signedIn.meta).toBeUndefined();
  });

  it('allows five code attempts per account in three minutes', async () => {
    const person = await r.employeeWith(['expenses.approve']);
    await enrolOn(r, person.token);
    const mfaId = await mfaIdOf(
      r.sdk().collection('employees').authWithPassword(person.email, person.password),
    );
    const attempt = () =>
      failure(
        r.sdk().send('/api/collections/employees/auth-with-totp', {
          method: 'POST',
          body: { mfaId, code: 'aaaa-bbbb-cccc' },
        }),
      );
    // The enrolment's first code counted too: four more, then the sixth is refused.
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many attempts, please try again later.');
  });

  async function enrolOn(app: CompatApp, token: string) {
    const pb = app.sdk(token);
    const setup = await pb.send<Enrolment>('/api/two-factor/totp', { method: 'POST' });
    await pb.send('/api/two-factor/totp/confirm', {
      method: 'POST',
      body: { code: totpCode(setup.secret) },
    });
  }
});

describe('rate limits of emailed codes', () => {
  let m: CompatApp;
  beforeAll(async () => {
    m = await startCompatApp({ smtpUrl: capture.url, mfa: true, rateLimit: true }, { clock });
  });
  afterAll(async () => {
    await m.stop();
  });

  it('five wrong codes per account in three minutes, then even the right one is refused', async () => {
    const person = await m.employeeWith(['projects.read']);
    const since = capture.messages.length;
    const { otpId } = await m.sdk().collection('employees').requestOTP(person.email);
    const code = await mailedCode(person.email, since);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++)
      await expectApiError(
        m.sdk().collection('employees').authWithOTP(otpId, wrong),
        400,
        'Invalid or expired OTP.',
      );
    await expectApiError(
      m.sdk().collection('employees').authWithOTP(otpId, code),
      429,
      'Too many attempts, please try again later with a new OTP.',
    );
  });

  it('requestOTP shares the e-mail budget: five a minute per address', async () => {
    // The test above spent one of the five.
    for (let i = 0; i < 4; i++)
      await m.sdk().collection('users').requestOTP(`someone${i}@example.org`);
    await expectApiError(
      m.sdk().collection('users').requestOTP('someone@example.org'),
      429,
      'Too Many Requests.',
    );
  });
});

describe('MFA=off', () => {
  it('signs an approver in with the password alone and reports MFA as disabled', async () => {
    const off = await startCompatApp({ smtpUrl: capture.url, mfa: false });
    try {
      const person = await off.employeeWith(['expenses.approve']);
      const auth = await off
        .sdk()
        .collection('employees')
        .authWithPassword(person.email, person.password);
      expect(auth.record.id).toBe(person.id);
      expect((await off.sdk().collection('employees').listAuthMethods()).mfa).toEqual({
        enabled: false,
        duration: 0,
      });
    } finally {
      await off.stop();
    }
  });
});

it('the SDK surfaces mfaId on its error as PocketBase documents', async () => {
  const person = await t.employeeWith(['expenses.approve']);
  try {
    await t.sdk().collection('employees').authWithPassword(person.email, person.password);
    throw new Error('expected a 401');
  } catch (err) {
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).response.mfaId).toMatch(/^[a-z0-9]{15}$/);
  }
});
