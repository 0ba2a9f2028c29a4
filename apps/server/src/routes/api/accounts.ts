import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAudit } from '../../core/audit';
import { q, type Collection } from '../../core/collection-model';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import type { Queryable } from '../../db/database';
import { auditSnapshot, type Row } from '../../core/record-export';
import { formatDate } from '../../core/values';
import { hashPassword } from '../../tools/security/password';
import { newTokenKey } from '../../tools/security/random';
import { ACCOUNT_PERMISSION, checkAccountReset } from '../../domain/accounts';
import { requirePermission } from './guard';

const NOT_FOUND = "The requested resource wasn't found.";

/**
 * The account an administrator resets (its password, its second factor) at
 * `/{collection}/{id}`: the collection's reset permission is required, and `lock` reads the row
 * under its lock in the caller's transaction, checked as a password change through the record
 * would be. Anything that names no account is a 404.
 */
export function accountToReset(
  engine: Engine,
  request: FastifyRequest<{ Params: { collection: string; id: string } }>,
): { collection: Collection; lock: (tx: Queryable) => Promise<Row> } {
  const collection = engine.registry.get(request.params.collection);
  const permission = collection ? ACCOUNT_PERMISSION[collection.name] : undefined;
  // An id outside the record id alphabet names nothing (and a NUL would break the query).
  if (
    !collection ||
    collection.type !== 'auth' ||
    !permission ||
    !/^[a-z0-9]{1,30}$/.test(request.params.id)
  )
    throw new ApiError(404, NOT_FOUND);
  requirePermission(request, permission);
  return {
    collection,
    lock: async (tx) => {
      const { rows } = await tx.query<Row>(
        `SELECT * FROM ${q(collection.table)} WHERE "id" = $1 FOR UPDATE`,
        [request.params.id],
      );
      if (!rows[0]) throw new ApiError(404, NOT_FOUND);
      await checkAccountReset(tx, collection, rows[0], request.info);
      return rows[0];
    },
  };
}

/**
 * `POST /api/accounts/{collection}/{id}/reset-password`: puts an account back on the default
 * password; it must choose a new one at its next sign-in. Every earlier token stops working.
 */
export async function accountRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  /**
   * `GET /api/accounts/default-password`: the first password the server gives new accounts, for
   * whoever creates them (they tell the new person; the account must change it at first sign-in).
   */
  app.get('/api/accounts/default-password', async (request) => {
    requirePermission(request, 'users.create', 'employees.create');
    return { password: engine.config.defaultPassword };
  });

  app.post<{ Params: { collection: string; id: string } }>(
    '/api/accounts/:collection/:id/reset-password',
    async (request, reply) => {
      const { collection, lock } = accountToReset(engine, request);
      await engine.db.transaction(async (tx) => {
        const row = await lock(tx);
        const { rows: saved } = await tx.query<Row>(
          `UPDATE ${q(collection.table)} SET "password" = $2, "tokenKey" = $3, "mustChangePassword" = TRUE, "updated" = $4 WHERE "id" = $1 RETURNING *`,
          [
            request.params.id,
            await hashPassword(engine.config.defaultPassword),
            newTokenKey(),
            formatDate(new Date()),
          ],
        );
        await writeAudit(tx, {
          action: 'PASSWORD_RESET',
          collection,
          recordId: request.params.id,
          before: auditSnapshot(collection, row),
          after: auditSnapshot(collection, saved[0]),
          request: request.info,
          ip: request.ip,
          comment: 'Reset to the default password',
        });
      });
      return reply.code(204).send();
    },
  );
}
