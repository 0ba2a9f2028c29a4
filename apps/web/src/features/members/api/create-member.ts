import { personBody, type PersonFormValues } from '@/components/person/person-values';

/** The body of a new or changed member (number and paid-until are the server's). */
export function memberBody(values: PersonFormValues): Record<string, unknown> {
  return {
    ...personBody(values),
    membership_status: values.status ?? '',
    membership_type: values.membership_type ?? '',
  };
}

/** The server names the status `membership_status`; the form calls it `status`. */
export function memberFieldErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    result[field === 'membership_status' ? 'status' : field] = message;
  }
  return result;
}
