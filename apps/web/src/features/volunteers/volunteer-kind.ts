import type { PersonKind } from '@/components/person/person-kind';
import type { VolunteerRecord } from './types';

/** Volunteers among the kinds of person: what each of their screens reads. */
export const volunteersKind: PersonKind<VolunteerRecord> = {
  collection: 'volunteers',
  one: 'volunteer',
  expand: 'skills',
  alsoRefresh: [],
  status: (volunteer) => volunteer.status,
};
