import type { FastifyRequest } from 'fastify';
import type { Permission } from '@app/schema';
import { ApiError } from '../../core/errors';

/** A custom action's permission check: 401 without a session, 403 without any of the permissions. */
export function requirePermission(request: FastifyRequest, ...anyOf: Permission[]): void {
  const auth = request.info.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (!anyOf.some((permission) => auth.permissions.has(permission)))
    throw new ApiError(403, 'You are not allowed to perform this request.');
}
