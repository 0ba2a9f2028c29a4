import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../core/engine';
import {
  assetSchedule,
  grantSummaries,
  vaultStatement,
  vaultSummaries,
} from '../../domain/finance-summaries';
import { notFound } from '../../core/errors';
import { requirePermission } from './guard';

/** An id outside the record id alphabet names nothing (and a NUL would break the query). */
function recordId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw notFound();
  return id;
}

type StatementQuerystring = {
  from?: string;
  to?: string;
  page?: string;
  perPage?: string;
  sort?: string;
};

/** Finance sums over the ledger (see domain/finance-summaries.ts); money moves through records. */
export async function financeRoutes(
  app: FastifyInstance,
  { engine }: { engine: Engine },
): Promise<void> {
  app.get('/api/finance/vaults/summary', async (request) => {
    requirePermission(request, 'vaults.read');
    return { items: await vaultSummaries(engine.db) };
  });

  app.get<{ Params: { id: string }; Querystring: StatementQuerystring }>(
    '/api/finance/vaults/:id/statement',
    async (request) => {
      requirePermission(request, 'vaults.read');
      const q = request.query;
      return vaultStatement(engine.db, recordId(request.params.id), {
        from: q.from,
        to: q.to,
        page: q.page ? Number(q.page) : undefined,
        perPage: q.perPage ? Number(q.perPage) : undefined,
        sort: q.sort,
      });
    },
  );

  app.get<{ Querystring: { grant?: string } }>('/api/finance/grants/summary', async (request) => {
    requirePermission(request, 'grants.read');
    return {
      items: await grantSummaries(
        engine.db,
        new Date(),
        request.query.grant ? recordId(request.query.grant) : undefined,
      ),
    };
  });

  app.get<{ Params: { id: string } }>('/api/finance/assets/:id/schedule', async (request) => {
    requirePermission(request, 'assets.read');
    return assetSchedule(engine.db, recordId(request.params.id), new Date());
  });
}
