import type { TFunction } from '@/lib/i18n/translator';
import { labelsOf } from '@/components/resource/field-label';
import type { PersonFormValues } from './person-values';

/**
 * The names of the fields members and volunteers share, from each collection's own entries
 * (`fields.members.birth_date`); the form's `status` is a member's `membership_status`.
 */
export function personLabels(
  t: TFunction,
  collection: 'members' | 'volunteers',
): (name: keyof PersonFormValues & string) => string {
  const label = labelsOf(t, collection);
  return (name) =>
    label(name === 'status' && collection === 'members' ? 'membership_status' : name);
}
