import type { AuthRecord } from 'pocketbase';
import { errorStatus } from '@/lib/errors';
import { pb } from '@/lib/pocketbase';

/**
 * The second step of a sign-in (the server's MFA, PocketBase's wire protocol): after a correct
 * password the server answers 401 with an `mfaId`; an authenticator code, a recovery code or an
 * emailed code sent with it completes the sign-in.
 */
export type SecondStep = {
  mfaId: string;
  /** What was typed as the email: the emailed code goes there. */
  identity: string;
  collectionName: string;
  /** The account has an authenticator app (and recovery codes). */
  totp: boolean;
  /** Codes can be emailed. */
  otp: boolean;
  /** Neither: the person enrols an authenticator app now. */
  enrol: boolean;
};

/** An authenticator app being enrolled: its secret (shown in words), address and QR code (SVG). */
export type Enrolment = { secret: string; uri: string; qr: string };

export type AuthAnswer = {
  token: string;
  record: AuthRecord;
  meta?: { recoveryCodes?: string[] };
};

/** The second step's choices for an MFA session. */
export async function secondStepOf(mfaId: string, identity: string): Promise<SecondStep> {
  const options = await pb.send<Omit<SecondStep, 'mfaId' | 'identity'>>('/api/sign-in/mfa', {
    method: 'POST',
    body: { mfaId },
  });
  return { ...options, mfaId, identity };
}

/** Emails a sign-in code; answers the id the code goes with. */
export async function emailCode(step: SecondStep): Promise<string> {
  const { otpId } = await pb.collection(step.collectionName).requestOTP(step.identity);
  return otpId;
}

/** Starts enrolling an authenticator app while signing in (no app, no mail). */
export function enrolAtSignIn(mfaId: string): Promise<Enrolment> {
  return pb.send<Enrolment>('/api/sign-in/totp-setup', { method: 'POST', body: { mfaId } });
}

export class CodeError extends Error {
  /** 'wrong': the code was refused; 'expired': start again; 'tooMany': wait. */
  constructor(readonly reason: 'wrong' | 'expired' | 'tooMany') {
    super(reason);
  }
}

/**
 * Sends the second factor: an emailed code (with its `otpId`), else an authenticator or recovery
 * code. Answers the session without keeping it: the caller keeps it (after showing the recovery
 * codes of an enrolment, which must be seen before the app moves on).
 */
export async function proveSecondFactor(
  step: SecondStep,
  code: string,
  otpId?: string,
): Promise<AuthAnswer> {
  try {
    const answer = otpId
      ? await pb.send<AuthAnswer>(`/api/collections/${step.collectionName}/auth-with-otp`, {
          method: 'POST',
          query: { expand: 'roles', mfaId: step.mfaId },
          body: { otpId, password: code.trim() },
        })
      : await pb.send<AuthAnswer>(`/api/collections/${step.collectionName}/auth-with-totp`, {
          method: 'POST',
          query: { expand: 'roles' },
          body: { mfaId: step.mfaId, code: code.trim() },
        });
    if (typeof answer?.token !== 'string' || !answer.token || !answer.record?.id)
      throw new CodeError('wrong');
    return answer;
  } catch (error) {
    if (error instanceof CodeError) throw error;
    if (errorStatus(error) === 429) throw new CodeError('tooMany');
    const message = (error as { response?: { message?: unknown } }).response?.message;
    if (typeof message === 'string' && message.includes('MFA session'))
      throw new CodeError('expired');
    throw new CodeError('wrong');
  }
}

/** Keeps the session a completed sign-in answered. */
export function keepSession(answer: AuthAnswer): void {
  pb.authStore.save(answer.token, answer.record);
}

// --- the signed-in account's own authenticator app ---

export type TwoFactorStatus = {
  required: boolean;
  enrolled: boolean;
  recoveryCodesLeft: number;
  emailCodes: boolean;
};

export const twoFactorApi = {
  status: () => pb.send<TwoFactorStatus>('/api/two-factor', {}),
  begin: () => pb.send<Enrolment>('/api/two-factor/totp', { method: 'POST' }),
  confirm: (code: string) =>
    pb.send<{ recoveryCodes: string[] }>('/api/two-factor/totp/confirm', {
      method: 'POST',
      body: { code: code.trim() },
    }),
  remove: (password: string, code: string) =>
    pb.send('/api/two-factor/totp/remove', {
      method: 'POST',
      body: { password, code: code.trim() },
    }),
  newRecoveryCodes: (code: string) =>
    pb.send<{ recoveryCodes: string[] }>('/api/two-factor/recovery-codes', {
      method: 'POST',
      body: { code: code.trim() },
    }),
};

/** The secret in groups of four, as it is read aloud or typed into an app. */
export function secretInWords(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
