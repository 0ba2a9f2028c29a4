import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import {
  ASSETS,
  GRANTS,
  LEDGER_ENTRIES,
  type AssetSchedule,
  type GrantSummary,
  type Statement,
  type VaultSummary,
} from './types';

/**
 * The server's sums over the ledger. Each is cached under a collection its figures derive from,
 * so a saved donation, transfer or payment (which refreshes the ledger) refreshes them too.
 */
export function useVaultSummaries() {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(LEDGER_ENTRIES), 'vault-summary'],
    queryFn: () => pb.send<{ items: VaultSummary[] }>('/api/finance/vaults/summary', {}),
    select: (r) => r.items,
  });
}

export type StatementParams = { from: string; to: string; page: number; sort: 'asc' | 'desc' };

export function useStatement(vaultId: string, params: StatementParams) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(LEDGER_ENTRIES), 'statement', vaultId, params],
    queryFn: () =>
      pb.send<Statement>(`/api/finance/vaults/${encodeURIComponent(vaultId)}/statement`, {
        query: { ...params, perPage: 20 },
      }),
  });
}

export function useGrantSummaries() {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(GRANTS), 'summary'],
    queryFn: () => pb.send<{ items: GrantSummary[] }>('/api/finance/grants/summary', {}),
    select: (r) => new Map(r.items.map((g) => [g.id, g])),
  });
}

export function useAssetSchedule(assetId: string | null) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all(ASSETS), 'schedule', assetId],
    queryFn: () =>
      pb.send<AssetSchedule>(
        `/api/finance/assets/${encodeURIComponent(assetId ?? '')}/schedule`,
        {},
      ),
    enabled: Boolean(assetId),
  });
}
