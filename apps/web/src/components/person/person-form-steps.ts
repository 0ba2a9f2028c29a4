import { firstStepOf, invalidFieldsOf } from '@/components/form/form-steps';
import type { FormRules } from '@/components/form/basics/use-form';
import type { PersonFormValues } from './person-values';

/** The three steps of the person form and the fields each one holds. */
export const PERSON_STEPS = [
  { key: 'personal', fields: ['avatar', 'removeAvatar', 'name', 'sex', 'birth_date'] },
  { key: 'contact', fields: ['address', 'email', 'phone_numbers'] },
  {
    key: 'details',
    fields: ['starting_date', 'status', 'membership_type', 'skills', 'availability', 'notes'],
  },
] as const satisfies readonly { key: string; fields: readonly (keyof PersonFormValues)[] }[];

export type PersonStepKey = (typeof PERSON_STEPS)[number]['key'];

/** The index of the step showing a field, or -1 for a field no step shows. */
export function stepOfField(field: string): number {
  return PERSON_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
}

/** The first step holding one of these fields (in step order), or null when none does. */
export function firstStepWithError(fields: Iterable<string>): number | null {
  return firstStepOf(fields, stepOfField);
}

/** The fields whose rules fail for these values (computed now, not from the form's state). */
export function invalidFields(
  values: PersonFormValues,
  rules: FormRules<PersonFormValues>,
): (keyof PersonFormValues)[] {
  return invalidFieldsOf(values, rules);
}
