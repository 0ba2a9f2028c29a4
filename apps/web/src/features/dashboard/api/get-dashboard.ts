import type { DashboardData } from '@app/schema';
import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';

/** The home screen's figures for the signed-in account (only the areas it may read). */
export function useDashboardFigures() {
  return useSlicedQuery({
    queryKey: ['dashboard', 'figures'],
    queryFn: () => pb.send<DashboardData>('/api/dashboard', {}),
    staleTime: 60_000,
  });
}
