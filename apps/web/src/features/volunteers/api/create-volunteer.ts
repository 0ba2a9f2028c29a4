import { personBody, type PersonFormValues } from '@/components/person/person-values';

/** The body of a new or changed volunteer. */
export function volunteerBody(values: PersonFormValues): Record<string, unknown> {
  return {
    ...personBody(values),
    status: values.status ?? '',
    skills: values.skills,
    availability: values.availability,
  };
}
