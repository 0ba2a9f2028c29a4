/**
 * PocketBase's backup endpoints (`pb.backups`), guarded by the Settings permissions instead of
 * superusers: `settings.read` lists and downloads, `settings.update` makes, uploads, deletes,
 * checks and restores. `POST /api/backups/{key}/check` (the dry check) is this product's own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@app/schema';
import { buildAuthState, findRecordByToken, isActiveAccount, type Secrets } from '../../core/auth';
import { isBackupKey, type BackupService } from '../../core/backup/service';
import type { Engine } from '../../core/engine';
import { ApiError, MESSAGES, notFound } from '../../core/errors';
import type { AuthState } from '../../core/request-info';
import { readBody } from '../read-body';

/** Largest archive an upload may bring. */
export const MAX_BACKUP_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

type KeyParams = { key: string };

function requirePermission(auth: AuthState | null, permission: Permission): void {
  if (!auth) throw new ApiError(401, MESSAGES[401]);
  if (!auth.permissions.has(permission)) throw new ApiError(403, MESSAGES[403]);
}

function validKey(key: string): string {
  if (!isBackupKey(key))
    throw new ApiError(400, MESSAGES[400], {
      key: { code: 'validation_invalid_backup_key', message: 'Invalid backup name.' },
    });
  return key;
}

function fromRequest(request: FastifyRequest) {
  return { request: request.info, ip: request.ip };
}

export async function backupRoutes(
  app: FastifyInstance,
  { engine, secrets, backups }: { engine: Engine; secrets: Secrets; backups: BackupService },
): Promise<void> {
  app.get('/api/backups', async (request) => {
    requirePermission(request.info.auth, 'settings.read');
    return backups.list();
  });

  app.post('/api/backups', async (request, reply) => {
    requirePermission(request.info.auth, 'settings.update');
    const { data } = await readBody(request, 'Failed to load the submitted data.');
    const name = data.name;
    if (name !== undefined && name !== null && name !== '' && typeof name !== 'string')
      throw new ApiError(400, MESSAGES[400], {
        name: { code: 'validation_invalid_backup_name', message: 'Must be a text.' },
      });
    await backups.create(typeof name === 'string' && name !== '' ? name : undefined, {
      ...fromRequest(request),
    });
    return reply.code(204).send();
  });

  app.post('/api/backups/upload', async (request, reply) => {
    requirePermission(request.info.auth, 'settings.update');
    const missing = () =>
      new ApiError(400, MESSAGES[400], {
        file: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    if (!request.isMultipart()) throw missing();
    let part;
    try {
      part = await request.file({ limits: { fileSize: MAX_BACKUP_UPLOAD_BYTES, files: 1 } });
    } catch {
      throw new ApiError(400, 'Failed to load the submitted data.');
    }
    if (!part || part.fieldname !== 'file') throw missing();
    // A Blob sent without a name (the SDK's default "blob") gets a dated one.
    const name =
      part.filename && part.filename !== 'blob'
        ? part.filename
        : `upload_${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}.zip`;
    try {
      await backups.upload(name, part.file, fromRequest(request));
    } catch (err) {
      // An unread upload would hold the request open.
      part.file.resume();
      throw err;
    }
    if (part.file.truncated) throw new ApiError(413, MESSAGES[413]);
    return reply.code(204).send();
  });

  app.delete<{ Params: KeyParams }>('/api/backups/:key', async (request, reply) => {
    requirePermission(request.info.auth, 'settings.update');
    await backups.remove(validKey(request.params.key), fromRequest(request));
    return reply.code(204).send();
  });

  app.post<{ Params: KeyParams }>('/api/backups/:key/check', async (request) => {
    requirePermission(request.info.auth, 'settings.update');
    return backups.check(validKey(request.params.key));
  });

  app.post<{ Params: KeyParams }>('/api/backups/:key/restore', async (request, reply) => {
    requirePermission(request.info.auth, 'settings.update');
    await backups.restore(validKey(request.params.key), fromRequest(request));
    return reply.code(204).send();
  });

  // Downloads are links (no Authorization header), so they carry a file token, as in PocketBase.
  app.get<{ Params: KeyParams }>('/api/backups/:key', async (request, reply) => {
    const token = request.info.query.token ?? '';
    const found = token
      ? await findRecordByToken(engine.db, engine.registry, secrets, token, 'file')
      : null;
    const auth =
      found && isActiveAccount(found.collection, found.row)
        ? await buildAuthState(engine.db, found.collection, found.row)
        : null;
    requirePermission(auth, 'settings.read');
    const key = validKey(request.params.key);
    const info = await backups.store.info(key);
    if (!info) throw notFound();
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Disposition', `attachment; filename=${key}`);
    reply.header('Content-Length', String(info.size));
    reply.header('Cache-Control', 'no-store');
    return reply.send(backups.store.createReadStream(key));
  });
}
