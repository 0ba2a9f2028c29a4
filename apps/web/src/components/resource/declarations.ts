import {
  COLLECTIONS,
  type CollectionAccess,
  type CollectionDef,
  type FieldDef,
  type Permission,
} from '@app/schema';
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
