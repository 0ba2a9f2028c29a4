import { getTokenPayload } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { expectApiError, failure, rowId, startCompatApp, type CompatApp } from './sdk-harness';

// The auth endpoints through the SDK's RecordService auth helpers.

const APP_URL = 'https://backoffice.example.org';
const VALIDATION = 'An error occurred while validating the submitted data.';
const MUST_CHANGE = 'You must change your password before continuing.';

let t: CompatApp;
let capture: SmtpCapture;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startCompatApp({ smtpUrl: capture.url, appUrl: APP_URL });
});
afterAll(async () => {
  await t.stop();
  await capture.close();
});

describe('authWithPassword', () => {
  it('signs an active employee in', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    const auth = await pb
      .collection('employees')
      .authWithPassword(person.email.toUpperCase(), person.password);
    expect(auth.record.id).toBe(person.id);
    expect(auth.record.email).toBe(person.email);
    expect(pb.authStore.record?.id).toBe(person.id);
  });

  it.each([
    ['a wrong password', (email: string) => [email, 'wrong-password-1']],
    ['an unknown email', () => ['nobody@example.org', 'person-password-1']],
    ['an identity that is not an email', () => ['not-an-email', 'person-password-1']],
  ])('fails with 400 "Failed to authenticate." for %s', async (_name, credentials) => {
    const person = await t.employeeWith(['projects.read']);
    const [identity, password] = credentials(person.email);
    const pb = t.sdk();
    await expectApiError(
      pb.collection('employees').authWithPassword(identity, password),
      400,
      'Failed to authenticate.',
    );
    expect(pb.authStore.token).toBe('');
  });

  it('refuses blank credentials with field errors', async () => {
    await expectApiError(
      t.sdk().collection('employees').authWithPassword('', ''),
      400,
      VALIDATION,
      {
        identity: { code: 'validation_required', message: 'Cannot be blank.' },
        password: { code: 'validation_required', message: 'Cannot be blank.' },
      },
    );
  });

  it('refuses an inactive employee with 403 after a correct password only', async () => {
    const person = await t.employeeWith(['projects.read'], { employment_status: 'Suspended' });
    await expectApiError(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
      403,
      'The account is not active.',
    );
    await expectApiError(
      t.sdk().collection('employees').authWithPassword(person.email, 'wrong-password-1'),
      400,
      'Failed to authenticate.',
    );
  });

  it.each([
    ['SUSPENDED', 'SUSPENDED'],
    ['a missing status', ''],
  ])('refuses a user with %s (403)', async (_name, status) => {
    const id = rowId();
    const pb = t.admin();
    await pb.collection('users').create({
      id,
      email: `${id}@users.test`,
      name: 'Status user',
      status,
      password: 'status-pass-1',
      passwordConfirm: 'status-pass-1',
    });
    await expectApiError(
      t.sdk().collection('users').authWithPassword(`${id}@users.test`, 'status-pass-1'),
      403,
      'The account is not active.',
    );
  });

  it('treats a bad stored token as a guest when signing in', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk('not-a-token');
    const auth = await pb.collection('employees').authWithPassword(person.email, person.password);
    expect(auth.record.id).toBe(person.id);
  });
});

describe('authRefresh', () => {
  it('returns a fresh token and the reloaded record', async () => {
    const person = await t.employeeWith(['roles.read']);
    const pb = t.sdk();
    await pb.collection('employees').authWithPassword(person.email, person.password);
    await t.db.query(
      `UPDATE "employees" SET "address" = 'Changed in the database' WHERE "id" = $1`,
      [person.id],
    );
    const refreshed = await pb.collection('employees').authRefresh({ expand: 'roles' });
    expect(refreshed.record.id).toBe(person.id);
    expect(refreshed.record.address).toBe('Changed in the database');
    expect(refreshed.record.expand!.roles).toHaveLength(1);
    expect(getTokenPayload(refreshed.token)).toMatchObject({
      id: person.id,
      type: 'auth',
      refreshable: true,
    });
    expect(pb.authStore.token).toBe(refreshed.token);
    expect(pb.authStore.record?.address).toBe('Changed in the database');
  });

  it('needs a token (401) of the same collection (403)', async () => {
    await expectApiError(
      t.sdk().collection('employees').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    const person = await t.employeeWith(['roles.read']);
    await expectApiError(
      t.sdk(person.token).collection('users').authRefresh(),
      403,
      'The request requires auth record from users collection.',
    );
  });
});

describe('listAuthMethods', () => {
  it('lists password sign-in by email, and emailed codes since SMTP is configured', async () => {
    // This app runs with MFA=off (the suites' harness) and with SMTP (the capture server);
    // two-factor.test.ts covers MFA on and OTP without mail.
    expect(await t.sdk().collection('employees').listAuthMethods()).toEqual({
      password: { identityFields: ['email'], enabled: true },
      oauth2: { providers: [], enabled: false },
      mfa: { enabled: false, duration: 0 },
      otp: { enabled: true, duration: 180 },
    });
  });

  it('answers 404 for a collection that is not an auth collection', async () => {
    await expectApiError(
      t.sdk().collection('roles').listAuthMethods(),
      404,
      'Missing or invalid auth collection context.',
    );
  });
});

describe('password reset', () => {
  const linkPattern = new RegExp(
    `${APP_URL.replace(/[.]/g, '\\.')}/auth/confirm-password-reset/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`,
  );

  it('answers the same for a known and an unknown address', async () => {
    const person = await t.employeeWith(['projects.read']);
    expect(
      await t.sdk().collection('employees').requestPasswordReset('nobody.at.all@example.org'),
    ).toBe(true);
    expect(await t.sdk().collection('employees').requestPasswordReset(person.email)).toBe(true);
    await capture.waitFor((m) => m.to.includes(person.email));
    expect(capture.messages.filter((m) => m.to.includes('nobody.at.all@example.org'))).toEqual([]);
  });

  it('refuses a malformed address with a field error', async () => {
    await expectApiError(
      t.sdk().collection('employees').requestPasswordReset('nope'),
      400,
      VALIDATION,
      {
        email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
      },
    );
  });

  it('completes the round trip through the mailed link and rotates the token key', async () => {
    const person = await t.employeeWith(['projects.read']);
    const session = t.sdk();
    await session.collection('employees').authWithPassword(person.email, person.password);
    const oldToken = session.authStore.token;

    expect(await t.sdk().collection('employees').requestPasswordReset(person.email)).toBe(true);
    const mail = await capture.waitFor((m) => m.to.includes(person.email));
    expect(mail.subject).toBe('Reset your back office password');
    const match = linkPattern.exec(mail.text);
    expect(match).not.toBeNull();
    const token = match![1];
    expect(mail.html).toContain(`href="${APP_URL}/auth/confirm-password-reset/${token}"`);
    expect(getTokenPayload(token)).toMatchObject({
      id: person.id,
      type: 'passwordReset',
      email: person.email,
    });

    const guest = t.sdk();
    await expectApiError(
      guest.collection('employees').confirmPasswordReset(token, 'brand-new-pass-1', 'other-pass-1'),
      400,
      VALIDATION,
      {
        passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." },
      },
    );
    expect(
      await guest
        .collection('employees')
        .confirmPasswordReset(token, 'brand-new-pass-1', 'brand-new-pass-1'),
    ).toBe(true);

    await expectApiError(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
      400,
      'Failed to authenticate.',
    );
    const fresh = await t
      .sdk()
      .collection('employees')
      .authWithPassword(person.email, 'brand-new-pass-1');
    expect(fresh.record.id).toBe(person.id);
    expect(fresh.record.verified).toBe(true);

    // The token key rotated: the session from before the reset is dead, the reset token too.
    await expectApiError(
      t.sdk(oldToken).collection('employees').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    await expectApiError(
      guest.collection('employees').confirmPasswordReset(token, 'another-pass-1', 'another-pass-1'),
      400,
      VALIDATION,
      {
        token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
      },
    );
  });

  it('refuses a reset token of another auth collection', async () => {
    const person = await t.employeeWith(['projects.read']);
    await t.sdk().collection('employees').requestPasswordReset(person.email);
    const mail = await capture.waitFor((m) => m.to.includes(person.email));
    const token = linkPattern.exec(mail.text)![1];
    await expectApiError(
      t
        .sdk()
        .collection('users')
        .confirmPasswordReset(token, 'brand-new-pass-1', 'brand-new-pass-1'),
      400,
      VALIDATION,
      {
        token: {
          code: 'validation_token_collection_mismatch',
          message: 'The provided token is for different auth collection.',
        },
      },
    );
  });
});

describe('an account on the default password', () => {
  it('must change it before doing anything else', async () => {
    const admin = t.admin();
    const role = await admin
      .collection('roles')
      .create({ title: `Readers ${rowId()}`, permissions: ['projects.read'] });
    const email = `${rowId()}@default.test`;
    const created = await admin.collection('users').create({
      email,
      emailVisibility: true,
      name: 'Default Password',
      status: 'ACTIVE',
      roles: [role.id],
      password: '12345678',
      passwordConfirm: '12345678',
    });
    expect(created.mustChangePassword).toBe(true);

    const pb = t.sdk();
    const auth = await pb.collection('users').authWithPassword(email, '12345678');
    expect(auth.record.mustChangePassword).toBe(true);
    const blocked = {
      password: { code: 'validation_password_change_required', message: MUST_CHANGE },
    };

    await expectApiError(pb.collection('projects').getList(), 403, MUST_CHANGE, blocked);
    await expectApiError(pb.collection('roles').getFullList(), 403, MUST_CHANGE, blocked);
    await expectApiError(pb.collection('users').getList(), 403, MUST_CHANGE, blocked);
    await expectApiError(
      pb.collection('projects').create({ title: 'Not yet' }),
      403,
      MUST_CHANGE,
      blocked,
    );
    await expectApiError(
      pb.collection('users').getOne('aaaaaaaaaaaaaaa'),
      403,
      MUST_CHANGE,
      blocked,
    );
    await expectApiError(
      pb.collection('users').update('aaaaaaaaaaaaaaa', { name: 'Other' }),
      403,
      MUST_CHANGE,
      blocked,
    );
    await expectApiError(
      pb.collection('users').requestEmailChange('new.address@default.test'),
      403,
      MUST_CHANGE,
      blocked,
    );

    // Its own record and auth-refresh stay open.
    expect((await pb.collection('users').getOne(created.id)).id).toBe(created.id);
    const refreshed = await pb.collection('users').authRefresh();
    expect(refreshed.record.mustChangePassword).toBe(true);

    await expectApiError(
      pb
        .collection('users')
        .update(created.id, { password: 'Fresh-pass-12', passwordConfirm: 'Fresh-pass-12' }),
      400,
      'Failed to update record.',
      {
        oldPassword: {
          code: 'validation_invalid_old_password',
          message: 'Missing or invalid old password.',
        },
      },
    );
    await expectApiError(
      pb.collection('users').update(created.id, {
        oldPassword: '12345678',
        password: '12345678',
        passwordConfirm: '12345678',
      }),
      400,
      'Failed to update record.',
      {
        password: {
          code: 'validation_default_password',
          message: 'Choose a password other than the default one.',
        },
      },
    );
    const changed = await pb.collection('users').update(created.id, {
      oldPassword: '12345678',
      password: 'Fresh-pass-12',
      passwordConfirm: 'Fresh-pass-12',
    });
    expect(changed.mustChangePassword).toBe(false);

    // The change rotated the token key: the session must sign in again.
    await expectApiError(
      pb.collection('users').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    await expectApiError(
      t.sdk().collection('users').authWithPassword(email, '12345678'),
      400,
      'Failed to authenticate.',
    );
    const again = await pb.collection('users').authWithPassword(email, 'Fresh-pass-12');
    expect(again.record.mustChangePassword).toBe(false);
    expect((await pb.collection('projects').getList(1, 1)).page).toBe(1);
    expect((await pb.collection('roles').getFullList()).map((r) => r.id)).toEqual([role.id]);
    await expectApiError(
      pb.collection('projects').create({ title: 'Still not allowed' }),
      403,
      'You are not allowed to perform this request.',
    );
  });
});

describe('changing one’s own password', () => {
  it('needs the old password and ends the earlier sessions', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    await pb.collection('employees').authWithPassword(person.email, person.password);
    const err = await failure(
      pb.collection('employees').update(person.id, {
        oldPassword: 'wrong-pass-1',
        password: 'next-pass-123',
        passwordConfirm: 'next-pass-123',
      }),
    );
    expect(err.response.data).toEqual({
      oldPassword: {
        code: 'validation_invalid_old_password',
        message: 'Missing or invalid old password.',
      },
    });
    await pb.collection('employees').update(person.id, {
      oldPassword: person.password,
      password: 'next-pass-123',
      passwordConfirm: 'next-pass-123',
    });
    await expectApiError(
      pb.collection('employees').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    expect(
      (await t.sdk().collection('employees').authWithPassword(person.email, 'next-pass-123')).record
        .id,
    ).toBe(person.id);
  });
});

describe('verification, email change and OAuth2 (the other spec §7 auth calls)', () => {
  /** The token at the end of a mailed link to `path`. */
  async function mailedToken(to: string, path: string): Promise<string> {
    const mail = await capture.waitFor((m) => m.to.includes(to) && m.text.includes(path));
    const match = new RegExp(`${APP_URL.replace(/[.]/g, '\\.')}${path}/([A-Za-z0-9_.-]+)`).exec(
      mail.text,
    );
    expect(match).not.toBeNull();
    return match![1];
  }

  it('verifies an address through the mailed link', async () => {
    const email = `${rowId()}@verify.test`;
    const user = await t.admin().collection('users').create({
      email,
      name: 'To verify',
      status: 'ACTIVE',
      password: 'verify-pass-12',
      passwordConfirm: 'verify-pass-12',
    });
    expect(user.verified).toBe(false);
    expect(await t.sdk().collection('users').requestVerification(email)).toBe(true);
    const token = await mailedToken(email, '/auth/confirm-verification');
    expect(getTokenPayload(token)).toMatchObject({ id: user.id, type: 'verification', email });

    const pb = t.sdk();
    await pb.collection('users').authWithPassword(email, 'verify-pass-12');
    expect(await pb.collection('users').confirmVerification(token)).toBe(true);
    // The SDK marks its stored record verified; the server has stored it.
    expect(pb.authStore.record?.verified).toBe(true);
    expect((await t.admin().collection('users').getOne(user.id)).verified).toBe(true);
    await expectApiError(
      t.sdk().collection('users').confirmVerification('not-a-token'),
      400,
      VALIDATION,
      {
        token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
      },
    );
  });

  it('changes the address through the link mailed to the new one', async () => {
    const person = await t.employeeWith(['projects.read']);
    const pb = t.sdk();
    await pb.collection('employees').authWithPassword(person.email, person.password);
    const newEmail = `${rowId()}@changed.test`;

    await expectApiError(
      t.sdk().collection('employees').requestEmailChange(newEmail),
      401,
      'The request requires valid record authorization token.',
    );
    await expectApiError(
      pb.collection('employees').requestEmailChange(person.email),
      400,
      VALIDATION,
      {
        newEmail: { code: 'validation_not_in_invalid', message: 'Must not be in list.' },
      },
    );
    expect(await pb.collection('employees').requestEmailChange(newEmail)).toBe(true);
    const token = await mailedToken(newEmail, '/auth/confirm-email-change');

    await expectApiError(
      pb.collection('employees').confirmEmailChange(token, 'wrong-password-1'),
      400,
      VALIDATION,
      {
        password: {
          code: 'validation_invalid_password',
          message: 'Missing or invalid auth record password.',
        },
      },
    );
    expect(await pb.collection('employees').confirmEmailChange(token, person.password)).toBe(true);
    // The token belonged to the signed-in record: the SDK signs it out, the server rotated its key.
    expect(pb.authStore.token).toBe('');
    await expectApiError(
      t.sdk(person.token).collection('employees').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    await expectApiError(
      t.sdk().collection('employees').authWithPassword(person.email, person.password),
      400,
      'Failed to authenticate.',
    );
    const auth = await t.sdk().collection('employees').authWithPassword(newEmail, person.password);
    expect(auth.record).toMatchObject({ id: person.id, email: newEmail, verified: true });
  });

  it('refuses OAuth2 sign-in: no provider is configured (403)', async () => {
    await expectApiError(
      t
        .sdk()
        .collection('employees')
        .authWithOAuth2Code(
          'google',
          'code',
          'verifier',
          'https://backoffice.example.org/redirect',
        ),
      403,
      'The collection is not configured to allow OAuth2 authentication.',
    );
    await expectApiError(
      t
        .sdk()
        .collection('roles')
        .authWithOAuth2Code(
          'google',
          'code',
          'verifier',
          'https://backoffice.example.org/redirect',
        ),
      404,
      'Missing or invalid auth collection context.',
    );
  });
});
