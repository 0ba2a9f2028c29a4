import type { TFunction } from '@/lib/i18n/translator';

/**
 * The dictionary key of a declared field's name: one entry per collection and field, in each
 * language (`fields.donations.receipt_number`), kept in the dictionaries of the area that owns
 * the collection. Every screen that shows the field (a column, a form, the activity monitor)
 * reads it there.
 */
export function fieldLabelKey(collection: string, field: string): string {
  return `fields.${collection}.${field}`;
}

/** A declared field's name in the reader's language; '' when the dictionaries do not name it. */
export function declaredFieldLabel(t: TFunction, collection: string, field: string): string {
  return t(fieldLabelKey(collection, field), { defaultValue: '' });
}

/** The names of one collection's declared fields: `labelsOf(t, 'expenses')('vault')`. */
export function labelsOf(t: TFunction, collection: string): (field: string) => string {
  return (field) => t(fieldLabelKey(collection, field));
}
