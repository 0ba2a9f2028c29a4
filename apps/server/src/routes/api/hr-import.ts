import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import { IMPORT_PERMISSION, importPeople, isImportable } from '../../domain/hr-import';
import { readBody } from '../read-body';
import { requirePermission } from './guard';

export { MAX_IMPORT_ROWS } from '../../domain/hr-import';

/**
 * `POST /api/hr/import/{members|volunteers}` with `{csv, dryRun}`: a preview with each row's
 * errors, or (without dryRun) every row created in one transaction — all or nothing.
 */
export async function hrImportRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.post<{ Params: { collection: string } }>('/api/hr/import/:collection', async (request) => {
    const kind = request.params.collection;
    if (!isImportable(kind)) throw new ApiError(404, "The requested resource wasn't found.");
    requirePermission(request, IMPORT_PERMISSION[kind]);
    const { data: body } = await readBody(
      request,
      'Something went wrong while processing your request.',
    );
    if (typeof body.csv !== 'string' || body.csv.trim() === '') {
      throw new ApiError(400, 'Failed to read the file.', {
        csv: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    }
    const dryRun = body.dryRun === true || body.dryRun === 'true';
    return importPeople(engine, kind, body.csv, dryRun, request.info, request.ip);
  });
}
