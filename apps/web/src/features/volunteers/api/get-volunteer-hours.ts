import { equalsFilter, useFullList } from '@/lib/records';
import { VOLUNTEER_HOURS, type HoursRecord } from '../types';

/** Every entry of a volunteer's hours, latest first, with its project. */
export function useVolunteerHours(volunteerId: string) {
  return useFullList<HoursRecord>(VOLUNTEER_HOURS, {
    filter: equalsFilter('volunteer', volunteerId),
    sort: '-date,-created',
    expand: 'project',
  });
}
