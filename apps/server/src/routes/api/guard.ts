import type { FastifyRequest } from 'fastify';
import type { Permission } from '@app/schema';
import { ApiError } from '../../core/errors';

/** A custom action's permission check: 401 without a session, 403 without the permission. */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  const auth = request.info.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (!auth.permissions.has(permission))
    throw new ApiError(403, 'You are not allowed to perform this request.');
}
