import type { FastifyInstance } from 'fastify';

/** `GET /api/health`: always 200 while the process serves requests. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => ({ message: 'API is healthy.', code: 200, data: {} }));
}
