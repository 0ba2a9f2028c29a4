import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import { dashboardFor } from '../../domain/dashboard';

/** The home screen's figures: every signed-in account gets the sections its permissions open. */
export async function dashboardRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get('/api/dashboard', async (request) => {
    const auth = request.info.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    return dashboardFor(engine.db, auth.permissions);
  });
}
