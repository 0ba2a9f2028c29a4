import {
  COLLECTIONS,
  type CollectionAccess,
  type CollectionDef,
  isMultiple,
  type FieldDef,
  type Permission,
} from '@app/schema';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { Rule } from '@/components/form/rules';
import { rules } from '@/components/form/rules';

const byName = new Map(COLLECTIONS.map((c) => [c.name, c]));

/** The declaration of a collection (packages/schema); throws on a name that is not declared. */
export function collectionDef(name: string): CollectionDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown collection: ${name}`);
  return def;
}

export function fieldDef(collection: string, name: string): FieldDef {
  const field = collectionDef(collection).fields.find((f) => f.name === name);
  if (!field) throw new Error(`Unknown field: ${collection}.${name}`);
  return field;
}

/** The permission an action on the collection asks for (the create button, the danger zone). */
export function actionPermission(
  collection: string,
  action: keyof CollectionAccess,
): Permission | undefined {
  return collectionDef(collection).access[action]?.permission ?? undefined;
}

/** The texts of a field's rules; `invalid` replaces every one of them where the screen has one. */
export type RuleMessages = {
  required: string;
  /** Given the declared limit. */
  tooLong: (max: number) => string;
  invalid?: string;
};

/**
 * A field's rules as the declaration states them: required, text length, number range. The
 * server checks the same, so the form only says it earlier.
 */
export function declaredRules(field: FieldDef, messages: RuleMessages): Rule<never>[] {
  const list: Rule<never>[] = [];
  const say = (fallback: string) => messages.invalid ?? fallback;
  if (field.required) list.push(rules.required(say(messages.required)) as Rule<never>);
  if (field.type === 'text' || field.type === 'editor') {
    if (field.type === 'text' && field.min) {
      list.push(rules.minLength(field.min, say(messages.required)) as Rule<never>);
    }
    if (field.max)
      list.push(rules.maxLength(field.max, messages.tooLong(field.max)) as Rule<never>);
  }
  if (field.type === 'number') {
    const range = say(messages.required);
    if (field.min !== undefined) list.push(rules.min(field.min, range) as Rule<never>);
    if (field.max !== undefined) list.push(rules.max(field.max, range) as Rule<never>);
  }
  return list;
}

/**
 * A form's values of these declared fields, by their types: a record's stored values, or the
 * empty ones of a new record (texts '', numbers, dates and single choices null, lists []). A
 * file field starts empty either way: its value is the new files the person picks, while the
 * stored ones stay on the record (the picker shows them as `current`).
 */
export function initialValuesOf(
  collection: string,
  names: readonly string[],
  record: Record<string, unknown> | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const field = fieldDef(collection, name);
    const stored = record?.[name];
    if (field.type === 'file') values[name] = [];
    else if (isMultiple(field) || field.type === 'json') values[name] = stored ?? [];
    else if (field.type === 'date') values[name] = fromApiDate(stored as string | undefined);
    else if (field.type === 'bool') values[name] = stored ?? false;
    else if (field.type === 'number') values[name] = stored ?? null;
    else if (field.type === 'select' || field.type === 'relation') values[name] = stored || null;
    else values[name] = stored ?? '';
  }
  return values;
}

/**
 * The request body of a form's values, by the fields' types: texts trimmed, dates as the API
 * writes them, a choice left empty as '', an optional number left empty as 0. A file field's new
 * files are added to the stored ones (`receipts+`), so that saving never drops a file the form
 * did not show; a field of one file takes the new one in its place, as it holds only one. Stored
 * files go only when the form names them in `removedFiles` (`receipts-`).
 */
export function bodyOf(
  collection: string,
  values: Record<string, unknown>,
  removedFiles: Record<string, readonly string[]> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fieldDef(collection, name);
    if (field.type === 'file') {
      const files = (value ?? []) as readonly File[];
      if (files.length > 0) {
        if (isMultiple(field)) body[`${name}+`] = files;
        else body[name] = files[0];
      }
    } else if (isMultiple(field) || field.type === 'json' || field.type === 'bool')
      body[name] = value;
    else if (field.type === 'date') body[name] = toApiDate(value as string | null);
    else if (field.type === 'number') body[name] = value ?? (field.required ? null : 0);
    else if (field.type === 'select' || field.type === 'relation') body[name] = value ?? '';
    else if (typeof value === 'string') body[name] = field.type === 'editor' ? value : value.trim();
    else body[name] = value;
  }
  for (const [name, removed] of Object.entries(removedFiles)) {
    if (fieldDef(collection, name).type !== 'file') throw new Error(`Not a file field: ${name}`);
    if (removed.length > 0) body[`${name}-`] = removed;
  }
  return body;
}
