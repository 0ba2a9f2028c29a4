import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { MEMBER_DUES, type DuesSummary } from '../types';

export function getDuesSummary(memberId: string): Promise<DuesSummary> {
  return pb.send<DuesSummary>(`/api/hr/members/${encodeURIComponent(memberId)}/dues-summary`, {});
}

/** Under the dues' key, so any change to dues refreshes it. */
export function duesSummaryQueryOptions(memberId: string) {
  return queryOptions({
    queryKey: [...recordKeys.all(MEMBER_DUES), 'summary', memberId],
    queryFn: () => getDuesSummary(memberId),
  });
}

/** Total paid, number of payments, paid-until and lapsed, computed by the server. */
export function useDuesSummary(memberId: string) {
  return useQuery(duesSummaryQueryOptions(memberId));
}
