import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import type { DataTableFilter } from '@/components/data-table/list/data-table';
import { relationFilter } from '@/components/resource/list-filters';
import { useFullList } from '@/lib/data/records';
import { useCan } from '@/lib/session';
import {
  ASSETS,
  VAULTS,
  type VaultRecord,
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

/**
 * A list's filter by vault, its choices the vaults by title; none for an account that may not
 * read vaults (it could not name them).
 */
export function useVaultFilter(label: string, field = 'vault', key = field): DataTableFilter[] {
  const canRead = useCan('vaults.read');
  const vaults = useFullList<VaultRecord>(
    VAULTS,
    { sort: 'title', fields: 'id,title' },
    { enabled: canRead },
  );
  if (!canRead) return [];
  const options = (vaults.data ?? []).map((v) => ({ value: v.id, label: v.title }));
  return [relationFilter(field, label, options, key)];
}
