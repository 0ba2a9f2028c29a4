import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountCache } from '../core/account-cache';
import { findAuthByToken, isActiveAccount, type Secrets } from '../core/auth';
import type { CollectionRegistry } from '../core/collection-model';
import { ApiError } from '../core/errors';
import type { RequestInfo } from '../core/request-info';
import type { Database } from '../db/database';
import { parseFields, pickFields, pickListFields, type FieldsSpec } from '../tools/picker/fields';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking and with what: the `@request.*` of rules. */
    info: RequestInfo;
    /** The `fields` query parameter, parsed. */
    fieldsSpec: FieldsSpec | null;
  }
}

/** Header names as rules see them: `X-Token` → `x_token`. */
function snakeHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase().replace(/-/g, '_')] = Array.isArray(value) ? value[0] : String(value);
  }
  return out;
}

function firstQueryValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[key] = Array.isArray(value) ? String(value[0]) : String(value);
  }
  return out;
}

/** The raw token from `Authorization`, with an optional `Bearer ` prefix. */
export function tokenFromRequest(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header.trim();
}

/** Paths an account on the default password may still use: refresh, its own record, health. */
function allowedWhilePasswordMustChange(request: FastifyRequest, info: RequestInfo): boolean {
  const auth = info.auth!;
  const path = request.url.split('?')[0];
  const own = [auth.collection.name, auth.collection.id];
  if (path === '/api/health' || path === '/api/realtime') return true;
  // Signing in again, or resetting a forgotten password, never needs the old session.
  if (
    /^\/api\/collections\/[^/]+\/(auth-with-password|auth-methods|request-password-reset|confirm-password-reset)$/.test(
      path,
    )
  )
    return true;
  for (const c of own) {
    if (request.method === 'POST' && path === `/api/collections/${c}/auth-refresh`) return true;
    if (
      (request.method === 'GET' || request.method === 'PATCH') &&
      path === `/api/collections/${c}/records/${String(auth.record.id)}`
    )
      return true;
  }
  return false;
}

export type RequestContextOptions = {
  db: Database;
  registry: CollectionRegistry;
  secrets: Secrets;
  /** The accounts this process keeps (PostgreSQL), or null to read each from the database. */
  accounts?: AccountCache | null;
};

/**
 * Resolves the account behind every /api request (a bad token simply means "guest"), parses
 * `fields`, and applies it to every successful JSON answer.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance, options: RequestContextOptions) => {
    app.decorateRequest('info', null as unknown as RequestInfo);
    app.decorateRequest('fieldsSpec', null);

    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (!request.url.startsWith('/api/')) return;
      const info: RequestInfo = {
        auth: null,
        method: request.method,
        context: 'default',
        query: firstQueryValues(request.query),
        headers: snakeHeaders(request.headers),
        body: {},
      };
      const token = tokenFromRequest(request);
      if (token) {
        // The account and its roles' permissions: kept by this process, or one query.
        const found = await findAuthByToken(
          options.db,
          options.registry,
          options.secrets,
          token,
          options.accounts ?? null,
        );
        // Suspended or departed accounts lose access at once, even with an unexpired token.
        if (found && isActiveAccount(found.collection, found.row)) {
          info.auth = {
            collection: found.collection,
            record: found.row,
            permissions: found.permissions,
          };
        }
      }
      request.info = info;
      if (
        info.auth?.record.mustChangePassword === true &&
        !allowedWhilePasswordMustChange(request, info)
      ) {
        throw new ApiError(403, 'You must change your password before continuing.', {
          password: {
            code: 'validation_password_change_required',
            message: 'You must change your password before continuing.',
          },
        });
      }
      const fields = info.query.fields;
      if (fields) {
        try {
          request.fieldsSpec = parseFields(fields);
        } catch {
          throw new ApiError(400, 'Something went wrong while processing your request.');
        }
      }
    });

    // A callback hook: on most answers there is no `fields` and it returns at once.
    app.addHook(
      'preSerialization',
      (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
        const spec = request.fieldsSpec;
        if (!spec || reply.statusCode >= 300 || payload === null || typeof payload !== 'object')
          return done(null, payload);
        const envelope = payload as Record<string, unknown>;
        if (Array.isArray(envelope.items) && 'perPage' in envelope) {
          return done(
            null,
            pickListFields(envelope as { items: unknown[] } & Record<string, unknown>, spec),
          );
        }
        done(null, pickFields(payload, spec));
      },
    );
  },
  { name: 'request-context' },
);
