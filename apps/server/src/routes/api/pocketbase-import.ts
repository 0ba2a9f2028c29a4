/**
 * The import of the current system from the web (Settings → Import):
 * `POST /api/imports/pocketbase` uploads a backup zip and starts its dry run,
 * `GET /api/imports/pocketbase/{id}` tells where the job stands (progress, the reports),
 * `POST /api/imports/pocketbase/{id}/confirm` runs the real import of a checked job.
 * Only an administrator may import: the account must hold `settings.update` and every permission
 * of the catalogue, since the import writes roles and records of every area.
 */
import { createWriteStream, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS } from '@app/schema';
import { ApiError, isDiskFull, MESSAGES, notFound } from '../../core/errors';
import type { AuthState } from '../../core/request-info';
import { IMPORT_BUSY, type ImportJobs } from '../../domain/pocketbase-import/jobs';
import { MAX_BACKUP_UPLOAD_BYTES } from './backups';

function requireAdministrator(auth: AuthState | null): void {
  if (!auth) throw new ApiError(401, MESSAGES[401]);
  if (
    !auth.permissions.has('settings.update') ||
    ALL_PERMISSIONS.some((p) => !auth.permissions.has(p))
  )
    throw new ApiError(403, 'Only an administrator (every permission) may import the old system.');
}

const busy = () => new ApiError(409, 'An import is already running: wait until it has finished.');

export async function pocketbaseImportRoutes(
  app: FastifyInstance,
  { imports }: { imports: ImportJobs },
): Promise<void> {
  app.post('/api/imports/pocketbase', async (request, reply) => {
    requireAdministrator(request.info.auth);
    const missing = () =>
      new ApiError(400, MESSAGES[400], {
        file: { code: 'validation_required', message: 'Choose the backup to import.' },
      });
    if (!request.isMultipart()) throw missing();
    // Refused early, before the upload is read; the slot itself is taken once it has arrived.
    if (await imports.busy()) throw busy();
    let part;
    try {
      part = await request.file({ limits: { fileSize: MAX_BACKUP_UPLOAD_BYTES, files: 1 } });
    } catch {
      throw new ApiError(400, 'Failed to load the submitted data.');
    }
    if (!part || part.fieldname !== 'file') throw missing();
    const path = imports.uploadPath();
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (err) {
      rmSync(path, { force: true });
      part.file.resume();
      // A full disk is the server's trouble, said as such (app.ts); anything else was the upload.
      if (isDiskFull(err)) throw err;
      throw new ApiError(400, 'Failed to load the submitted data.');
    }
    if (part.file.truncated) {
      rmSync(path, { force: true });
      throw new ApiError(413, MESSAGES[413]);
    }
    const name = (part.filename || 'backup.zip').slice(0, 200);
    const job = await imports.start(path, name, request.info);
    if (!job) {
      rmSync(path, { force: true });
      throw busy();
    }
    return reply.code(202).send(job);
  });

  app.get<{ Params: { id: string } }>('/api/imports/pocketbase/:id', async (request) => {
    requireAdministrator(request.info.auth);
    const job = await imports.get(request.params.id);
    if (!job) throw notFound();
    return job;
  });

  app.post<{ Params: { id: string } }>(
    '/api/imports/pocketbase/:id/confirm',
    async (request, reply) => {
      requireAdministrator(request.info.auth);
      const job = await imports.get(request.params.id);
      if (!job) throw notFound();
      const confirmed = job.state === 'checked' ? await imports.confirm(job.id) : null;
      if (confirmed === IMPORT_BUSY) throw busy();
      // Checked a moment ago but confirmed meanwhile by another request: the same answer.
      if (!confirmed)
        throw new ApiError(409, 'Only a backup whose dry run has finished can be imported.');
      return reply.code(202).send(confirmed);
    },
  );
}
