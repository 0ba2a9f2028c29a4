/**
 * Record types derived from the collection declarations: a declaration written
 * `{ … } as const satisfies CollectionDef` keeps its literal field names, types and select values,
 * so `RecordOf<typeof members>` is the record the API returns, without restating it by hand.
 */
import type { CollectionDef } from './collection';
import type { FieldDef } from './fields';

type Many<F> = F extends { maxSelect: infer M extends number }
  ? M extends 0 | 1
    ? false
    : true
  : false;

/** The JSON value of one field as the API returns it (PocketBase conventions). */
export type ValueOf<F extends FieldDef> = F extends { type: 'number' }
  ? number
  : F extends { type: 'bool' }
    ? boolean
    : F extends { type: 'json' }
      ? unknown
      : F extends { type: 'select'; values: readonly (infer V extends string)[] }
        ? Many<F> extends true
          ? V[]
          : F extends { required: true }
            ? V
            : V | ''
        : F extends { type: 'relation' | 'file' }
          ? Many<F> extends true
            ? string[]
            : string
          : string;

/** Fields every record has. */
export type SystemFields = {
  id: string;
  collectionId: string;
  collectionName: string;
  created: string;
  updated: string;
};

/** Fields of every account (auth collection) record. */
export type AuthSystemFields = { email: string; emailVisibility: boolean; verified: boolean };

type Fields<C extends CollectionDef> = C['fields'][number];

// A field behind a permission is sent only to accounts holding it (or on their own record).
type Declared<C extends CollectionDef> = {
  [F in Fields<C> as F extends { permission: string } ? never : F['name']]: ValueOf<F>;
} & {
  [F in Fields<C> as F extends { permission: string } ? F['name'] : never]?: ValueOf<F>;
};

/** A record of the collection as the API returns it (hidden fields excluded by the API). */
export type RecordOf<C extends CollectionDef> = SystemFields &
  Declared<C> &
  (C['type'] extends 'auth' ? AuthSystemFields : unknown);

/** The declaration of one field, with its literal rules (min, max, required, values). */
export type FieldOf<C extends CollectionDef, N extends C['fields'][number]['name']> = Extract<
  C['fields'][number],
  { name: N }
>;

/** Looks up a field's declaration, keeping its literal type (for form rules and select values). */
export function fieldOf<C extends CollectionDef, N extends C['fields'][number]['name']>(
  collection: C,
  name: N,
): FieldOf<C, N> {
  const field = collection.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${collection.name} declares no field ${name}`);
  return field as FieldOf<C, N>;
}
