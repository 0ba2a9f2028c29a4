import type { ActivityRecord } from '@/lib/models';
import { equalsFilter, useRecordList } from '@/lib/data/records';

export const RECENT_ACTIVITY_COUNT = 10;

/** The signed-in account's own latest audit records (everyone may read their own trail). */
export function useOwnActivity(accountId: string) {
  return useRecordList<ActivityRecord>('user_activities', {
    page: 1,
    perPage: RECENT_ACTIVITY_COUNT,
    sort: '-created',
    filter: equalsFilter('actor', accountId),
    fields:
      'id,action,actor_name,actor_email,collection,record,record_title,categories,before,after,created,ip',
  });
}
