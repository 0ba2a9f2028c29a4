import type { Rule } from '../rules';

/** A field is `unknown` until it has been validated. */
export type FieldStatus = 'valid' | 'invalid' | 'unknown';
export type FormStatus = FieldStatus;

/**
 * Runs the rules in order and collects error texts, at most `maxErrors` of them
 * (by default one error per field, spec §5).
 */
export function validateValue<V, All>(
  value: V,
  fieldRules: readonly Rule<V, All>[] | undefined,
  values: All,
  maxErrors = 1,
): string[] {
  const errors: string[] = [];
  for (const rule of fieldRules ?? []) {
    const result = rule(value, values);
    if (result !== true) {
      errors.push(result);
      if (errors.length >= maxErrors) break;
    }
  }
  return errors;
}

/**
 * The form's status: `invalid` when any field is invalid, otherwise `unknown` while any field
 * is not yet validated, and `valid` only when every field is valid.
 */
export function formStatus(statuses: Iterable<FieldStatus>): FormStatus {
  let unknown = false;
  for (const status of statuses) {
    if (status === 'invalid') return 'invalid';
    if (status === 'unknown') unknown = true;
  }
  return unknown ? 'unknown' : 'valid';
}
