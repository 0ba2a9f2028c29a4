import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from '../core/engine';
import { idempotencyKeyOf, requestFingerprint, runIdempotent } from '../core/idempotency';
import type { RecordInput } from '../core/record-write';

/**
 * Answers a write once per `Idempotency-Key` (core/idempotency.ts). Without the header, or for a
 * guest (whose keys nobody could tell apart), the write simply runs. A replayed answer says so in
 * `Idempotent-Replayed: true`.
 */
export async function answerIdempotently(
  engine: Engine,
  request: FastifyRequest,
  reply: FastifyReply,
  input: RecordInput,
  work: (engine: Engine) => Promise<unknown>,
): Promise<unknown> {
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const auth = request.info.auth;
  if (key === undefined || !auth) return work(engine);
  const fingerprint = await requestFingerprint(request.method, request.url, input);
  const answer = await runIdempotent(engine, auth, key, fingerprint, async (txEngine) => ({
    status: 200,
    body: await work(txEngine),
  }));
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  reply.code(answer.status);
  return answer.body;
}
