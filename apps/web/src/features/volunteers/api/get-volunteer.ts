import { recordQueryOptions, useRecord } from '@/lib/records';
import { VOLUNTEERS, type VolunteerRecord } from '../types';

const PARAMS = { expand: 'skills' };

export function volunteerQueryOptions(id: string) {
  return recordQueryOptions<VolunteerRecord>(VOLUNTEERS, id, PARAMS);
}

/** One volunteer with its skills. */
export function useVolunteer(id: string | undefined) {
  return useRecord<VolunteerRecord>(VOLUNTEERS, id, PARAMS);
}
