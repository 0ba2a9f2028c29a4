import type { FastifyRequest } from 'fastify';
import type { AttemptLimiter } from '../core/engine';

// The budgets the routes spend; plugins/rate-limit.ts builds them on @fastify/rate-limit.

/** Checks one request against a budget per client IP; false once the budget is spent. */
export type RequestLimiter = (request: FastifyRequest) => Promise<boolean>;

export type RateLimits = {
  /** Sign-ins (password, emailed code, authenticator): 20 per minute per IP, every auth collection together. */
  signIn: RequestLimiter;
  /** The endpoints that send e-mail share one budget: 5 per minute per IP. */
  email: RequestLimiter;
  /** Current-password checks when an account changes its own: 5 per 15 minutes per account. */
  oldPassword: AttemptLimiter;
  /**
   * Second-factor codes (emailed, authenticator, recovery): 5 per 3 minutes per account, as
   * PocketBase limits OTP attempts, since such codes are short.
   */
  secondFactor: AttemptLimiter;
};
