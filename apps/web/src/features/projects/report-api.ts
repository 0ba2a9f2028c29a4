import type { ProjectReportData } from '@app/schema';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/data/query-keys';
import { useSlicedQuery } from '@/lib/sliced-query';

/**
 * What the project report shows: the server reads it for the screen exactly as it prints the PDF
 * (project, activities, staff, timeline, finance summary; each part it may not read is null).
 */
export function useProjectReport(projectId: string) {
  return useSlicedQuery({
    queryKey: [...recordKeys.all('projects'), 'report', projectId],
    queryFn: () =>
      pb.send<ProjectReportData>(`/api/projects/${encodeURIComponent(projectId)}/report`, {}),
  });
}
