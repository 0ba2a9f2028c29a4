import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../core/errors';
import { parseSubscribeForm, type RealtimeHub } from '../../core/realtime';
import { readBody } from '../read-body';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

/** `GET /api/realtime` (the SSE stream) and `POST /api/realtime` (the subscriptions). */
export async function realtimeRoutes(
  app: FastifyInstance,
  { hub }: { hub: RealtimeHub },
): Promise<void> {
  app.get('/api/realtime', async (request, reply) => {
    // The headers set by earlier hooks (security, CORS) go out with the stream too.
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    Object.assign(headers, SSE_HEADERS);
    if (request.method === 'HEAD') return reply.code(200).headers(headers).send();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, headers);
    const clientId = hub.connect(request.ip, {
      write: (chunk) => {
        if (!res.destroyed && !res.writableEnded) res.write(chunk);
      },
      end: () => {
        if (!res.writableEnded) res.end();
      },
      pending: () => res.writableLength,
    });
    res.on('close', () => hub.disconnect(clientId));
    res.on('error', () => hub.disconnect(clientId));
  });

  app.post('/api/realtime', async (request, reply) => {
    const input = await readBody(request, MESSAGES[400]);
    const form = parseSubscribeForm(input.data);
    await hub.subscribe(form, request.info.auth, request.ip);
    return reply.code(204).send();
  });
}
