import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { VOLUNTEER_HOURS, type HoursSummary } from '../types';

export function getHoursSummary(volunteerId: string): Promise<HoursSummary> {
  return pb.send<HoursSummary>(
    `/api/hr/volunteers/${encodeURIComponent(volunteerId)}/hours-summary`,
    {},
  );
}

/** Under the hours' key, so any change to hours refreshes it. */
export function hoursSummaryQueryOptions(volunteerId: string) {
  return queryOptions({
    queryKey: [...recordKeys.all(VOLUNTEER_HOURS), 'summary', volunteerId],
    queryFn: () => getHoursSummary(volunteerId),
  });
}

/** Total hours, this year's, number of entries and hours by project, summed by the server. */
export function useHoursSummary(volunteerId: string) {
  return useQuery(hoursSummaryQueryOptions(volunteerId));
}
