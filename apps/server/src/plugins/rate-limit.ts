import rateLimit, {
  type CreateRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Database, Queryable } from '../db/database';
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

type Counted = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: Counted) => void;

/**
 * A @fastify/rate-limit store that counts in the database (table `_rate_limits`), so that every
 * process and every server on one PostgreSQL database shares one budget: with WORKERS=4 an
 * address still gets 20 sign-ins a minute, not 80. Each budget (`child`) counts under its own
 * name. One statement per attempt: the window starts again once it has passed.
 */
function databaseStore(db: Queryable) {
  return class DatabaseRateLimitStore {
    constructor(private readonly options: { name?: string } = {}) {}

    incr(key: string, done: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      db.query<{ count: number; ttl: string }>(
        `INSERT INTO "_rate_limits" AS r ("key", "count", "window_start") VALUES ($1, 1, $3)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN r."window_start" + $2 <= $3 THEN 1 ELSE r."count" + 1 END,
           "window_start" = CASE WHEN r."window_start" + $2 <= $3 THEN $3 ELSE r."window_start" END
         RETURNING "count", GREATEST(0, "window_start" + $2 - $3) AS "ttl"`,
        [`${this.options.name ?? ''} ${key}`, timeWindow, now],
      ).then(
        ({ rows }) => {
          // Now and then, windows long over go (a day is longer than every budget's window).
          if (Math.random() < 0.01)
            void db
              .query(`DELETE FROM "_rate_limits" WHERE "window_start" < $1`, [now - 86_400_000])
              .catch(() => {});
          done(null, { current: rows[0].count, ttl: Number(rows[0].ttl) });
        },
        (error: Error) => done(error),
      );
    }

    // The budget's options as createRateLimit got them (the declared type says route options).
    child(options: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(options as { name?: string });
    }
  };
}

/**
 * Registers @fastify/rate-limit (no global limit: only the budgets below, used where they
 * apply) and returns the budgets. Fixed windows: counted in the database on PostgreSQL (shared
 * by every process), in memory with PGlite (one process). A refused request gets PocketBase's 429
 * answer through the app's error handler.
 */
export async function registerRateLimits(app: FastifyInstance, db: Database): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    ...(db.kind === 'postgres'
      ? { store: databaseStore(db) as unknown as FastifyRateLimitStoreCtor }
      : {}),
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

  // `name` keeps each budget's counts apart in the shared store.
  const perIp = (name: string, max: number, timeWindow: number): RequestLimiter => {
    const check = app.createRateLimit({ max, timeWindow, name } as CreateRateLimitOptions);
    return async (request) => {
      const result = await check(request);
      return result.isAllowed || !result.isExceeded;
    };
  };

  const oldPasswordChecks = app.createRateLimit({
    max: 5,
    timeWindow: 15 * MINUTE,
    keyGenerator: (request) => (request as unknown as AttemptRequest)[ATTEMPT_KEY],
    name: 'old-password',
  } as CreateRateLimitOptions);

  const secondFactorChecks = app.createRateLimit({
    max: 5,
    timeWindow: 3 * MINUTE,
    keyGenerator: (request) => (request as unknown as AttemptRequest)[ATTEMPT_KEY],
    name: 'second-factor',
  } as CreateRateLimitOptions);

  return {
    signIn: perIp('sign-in', 20, MINUTE),
    email: perIp('email', 5, MINUTE),
    oldPassword: {
      attempt: async (key) => {
        const result = await oldPasswordChecks(attemptRequest(key));
        return result.isAllowed || !result.isExceeded;
      },
    },
    secondFactor: {
      attempt: async (key) => {
        const result = await secondFactorChecks(attemptRequest(key));
        return result.isAllowed || !result.isExceeded;
      },
    },
  };
}
