import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits, RequestLimiter } from '../routes/rate-limits';
import { ApiError } from '../core/errors';

const MINUTE = 60_000;

/** The account key an attempt is counted under; see {@link attemptRequest}. */
const ATTEMPT_KEY = Symbol('attemptKey');
type AttemptRequest = { [ATTEMPT_KEY]: string; routeOptions: { config: object } };

/**
 * The limiter reads its key from a request; an attempt counted outside a route (inside the
 * record engine, which knows the account but not the HTTP request) gets a stand-in carrying
 * just the key and the empty route config the limiter looks for.
 */
function attemptRequest(key: string): FastifyRequest {
  const request: AttemptRequest = { [ATTEMPT_KEY]: key, routeOptions: { config: {} } };
  return request as unknown as FastifyRequest;
}

/**
 * Registers @fastify/rate-limit (no global limit: only the budgets below, used where they
 * apply) and returns the budgets. In-memory fixed windows, per process. A refused request gets
 * PocketBase's 429 answer through the app's error handler.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    // PocketBase sends no rate-limit headers; keep the wire protocol as it is.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: () => new ApiError(429, 'Too Many Requests.'),
  });

  const perIp = (max: number, timeWindow: number): RequestLimiter => {
    const check = app.createRateLimit({ max, timeWindow });
    return async (request) => {
      const result = await check(request);
      return result.isAllowed || !result.isExceeded;
    };
  };

  const oldPasswordChecks = app.createRateLimit({
    max: 5,
    timeWindow: 15 * MINUTE,
    keyGenerator: (request) => (request as unknown as AttemptRequest)[ATTEMPT_KEY],
  });

  return {
    signIn: perIp(20, MINUTE),
    email: perIp(5, MINUTE),
    oldPassword: {
      attempt: async (key) => {
        const result = await oldPasswordChecks(attemptRequest(key));
        return result.isAllowed || !result.isExceeded;
      },
    },
  };
}
