import type { DashboardData } from '@app/schema';
import { useQuery } from '@tanstack/react-query';
import { useFirstAnswerInSlices } from '@/lib/first-answer';
import { pb } from '@/lib/pocketbase';

/** The home screen's figures for the signed-in account (only the areas it may read). */
export function useDashboardFigures() {
  return useFirstAnswerInSlices(
    useQuery({
      queryKey: ['dashboard', 'figures'],
      queryFn: () => pb.send<DashboardData>('/api/dashboard', {}),
      staleTime: 60_000,
    }),
  );
}
