import type { ProjectFinanceOverview } from '@app/schema';
import { useSlicedQuery } from '@/lib/sliced-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';

/**
 * The project's finance figures, summed by the server. Cached under the ledger, which every
 * money move of the project refreshes (see PROJECT_MONEY_MOVES).
 */
export function useProjectFinanceOverview(projectId: string) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all('ledger_entries'), 'project-overview', projectId],
    queryFn: () =>
      pb.send<ProjectFinanceOverview>(
        `/api/projects/${encodeURIComponent(projectId)}/finance/overview`,
        {},
      ),
  });
}
