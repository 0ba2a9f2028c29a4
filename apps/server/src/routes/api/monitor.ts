import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import { activityRelatedNames } from '../../domain/monitor';

/** The activity monitor's extras beside the `user_activities` records themselves. */
export async function monitorRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  // Access is the entry's own (the monitor permission, or one's own trail) and, for each name,
  // the related record's: see domain/monitor.ts.
  app.get<{ Params: { id: string } }>('/api/activity-monitor/:id/names', async (request) => {
    if (!request.info.auth)
      throw new ApiError(401, 'The request requires valid record authorization token.');
    return activityRelatedNames(engine, request.params.id, request.info);
  });
}
