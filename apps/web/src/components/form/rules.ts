/**
 * Field rules (spec §5): a rule gives either a pass (`true`) or an error text.
 * Rules receive the field's value and all the form's values.
 */
export type Rule<V, All = unknown> = (value: V, values: All) => true | string;

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export const rules = {
  /** Not empty (blank strings, empty lists, null count as empty). */
  required:
    (message: string) =>
    (value: unknown): true | string =>
      isBlank(value) ? message : true,

  /** A string of at least `min` characters (after trimming); empty passes (combine with required). */
  minLength:
    (min: number, message: string) =>
    (value: string | null | undefined): true | string =>
      !value || value.trim().length >= min ? true : message,

  maxLength:
    (max: number, message: string) =>
    (value: string | null | undefined): true | string =>
      !value || value.length <= max ? true : message,

  /** An email address; empty passes (combine with required). */
  email:
    (message: string) =>
    (value: string | null | undefined): true | string =>
      !value || EMAIL_PATTERN.test(value.trim()) ? true : message,

  /** A list with at least `min` items. */
  minItems:
    (min: number, message: string) =>
    (value: readonly unknown[] | null | undefined): true | string =>
      (value?.length ?? 0) >= min ? true : message,

  /** A number not below `min`; empty passes. */
  min:
    (min: number, message: string) =>
    (value: number | null | undefined): true | string =>
      value === null || value === undefined || value >= min ? true : message,

  max:
    (max: number, message: string) =>
    (value: number | null | undefined): true | string =>
      value === null || value === undefined || value <= max ? true : message,

  /** Equal to another field of the form (password confirmation). */
  sameAs:
    <All extends Record<string, unknown>>(field: keyof All, message: string) =>
    (value: unknown, values: All): true | string =>
      value === values[field] ? true : message,
};

/** The address check used today, widened to accept modern top-level domains. */
export const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-zA-Z]{2,}$/;

/** What a text field's declaration says about its length (`TextField` in `@app/schema`). */
type TextDeclaration = { required?: boolean; min?: number; max?: number };

/**
 * The rules a text field's declaration implies (required, min and max length), so a form checks
 * what the server will check without restating the numbers. `messages` are the texts to show;
 * `tooLong` receives the declared maximum.
 */
export function textRules(
  field: TextDeclaration,
  messages: { required?: string; tooShort?: string; tooLong: (max: number) => string },
): ((value: string | null | undefined) => true | string)[] {
  const result: ((value: string | null | undefined) => true | string)[] = [];
  if (field.required && messages.required) result.push(rules.required(messages.required));
  if (field.min && messages.tooShort) result.push(rules.minLength(field.min, messages.tooShort));
  if (field.max) result.push(rules.maxLength(field.max, messages.tooLong(field.max)));
  return result;
}
