import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Collection } from '../../core/collection-model';
import type { Engine } from '../../core/engine';
import { ApiError } from '../../core/errors';
import {
  createRecord,
  deleteRecord,
  listRecords,
  totalRecords,
  updateRecord,
  viewRecord,
  type ListQuery,
} from '../../core/records';
import { consumingUploads } from '../../domain/resumable-uploads';
import { answerIdempotently } from '../idempotent';
import { takeNamedUploads } from '../named-uploads';
import { readBody } from '../read-body';

type Params = { collection: string; id?: string };

function collectionOf(
  engine: Engine,
  request: FastifyRequest<{ Params: Params }>,
  writing: boolean,
): Collection {
  const collection = engine.registry.get(request.params.collection);
  if (!collection)
    throw new ApiError(
      404,
      writing ? 'Missing or invalid collection context.' : 'Missing collection context.',
    );
  return collection;
}

/** Record CRUD: `/api/collections/{collection}/records[/{id}]`. */
export async function recordRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get<{ Params: Params; Querystring: ListQuery }>(
    '/api/collections/:collection/records',
    async (request) => {
      const collection = collectionOf(engine, request, false);
      return listRecords(engine, collection, request.query, request.info);
    },
  );

  // Not PocketBase's: a list's count and money sums (`sum=a,b`; `fields` is the SDK's picker), so a screen need not fetch every page.
  app.get<{ Params: Params; Querystring: { filter?: string; sum?: string } }>(
    '/api/collections/:collection/totals',
    async (request) => {
      const collection = collectionOf(engine, request, false);
      return totalRecords(engine, collection, request.query, request.info);
    },
  );

  app.get<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/records/:id',
    async (request) => {
      const collection = collectionOf(engine, request, false);
      return viewRecord(
        engine,
        collection,
        request.params.id ?? '',
        request.info,
        request.query.expand,
      );
    },
  );

  app.post<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/records',
    async (request, reply) => {
      const collection = collectionOf(engine, request, true);
      const input = await readBody(request, 'Something went wrong while processing your request.');
      // Files sent before in pieces (routes/api/uploads.ts) become file parts of the body.
      const named = await takeNamedUploads(engine, request, input);
      request.info.body = input.data;
      return answerIdempotently(engine, request, reply, input, (writer) =>
        consumingUploads(writer, named, (w) =>
          createRecord(w, collection, input, request.info, request.ip, request.query.expand),
        ),
      );
    },
  );

  app.patch<{ Params: Params; Querystring: { expand?: string } }>(
    '/api/collections/:collection/records/:id',
    async (request, reply) => {
      const collection = collectionOf(engine, request, true);
      const input = await readBody(request, 'Something went wrong while processing your request.');
      const named = await takeNamedUploads(engine, request, input);
      request.info.body = input.data;
      return answerIdempotently(engine, request, reply, input, (writer) =>
        consumingUploads(writer, named, (w) =>
          updateRecord(
            w,
            collection,
            request.params.id ?? '',
            input,
            request.info,
            request.ip,
            request.query.expand,
            request.headers['if-match'],
          ),
        ),
      );
    },
  );

  app.delete<{ Params: Params }>(
    '/api/collections/:collection/records/:id',
    async (request, reply) => {
      const collection = collectionOf(engine, request, false);
      await deleteRecord(engine, collection, request.params.id ?? '', request.info, request.ip);
      return reply.code(204).send();
    },
  );
}
