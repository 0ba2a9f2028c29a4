import {
  COLLECTIONS,
  collectionId,
  isMultiple,
  type CollectionDef,
  type FieldDef,
} from '@app/schema';

/** A field as the engine sees it: a declared field or one of the system fields. */
export type ModelField = FieldDef & {
  /** System fields are not settable like ordinary fields (id on create only, auth secrets never). */
  system?: boolean;
};

/** A collection with its system fields added and lookups prepared. */
export type Collection = {
  id: string;
  name: string;
  type: 'base' | 'auth';
  def: CollectionDef;
  fields: readonly ModelField[];
  field(name: string): ModelField | undefined;
  /** SQL table name (always quoted where used). */
  table: string;
};

const idField: ModelField = {
  name: 'id',
  type: 'text',
  min: 15,
  max: 15,
  pattern: '^[a-z0-9]+$',
  system: true,
};
const createdField: ModelField = {
  name: 'created',
  type: 'autodate',
  onCreate: true,
  onUpdate: false,
  system: true,
};
const updatedField: ModelField = {
  name: 'updated',
  type: 'autodate',
  onCreate: true,
  onUpdate: true,
  system: true,
};

const authFields: readonly ModelField[] = [
  { name: 'email', type: 'email', required: true, system: true },
  { name: 'emailVisibility', type: 'bool', system: true },
  { name: 'verified', type: 'bool', system: true },
  { name: 'password', type: 'text', hidden: true, system: true },
  { name: 'tokenKey', type: 'text', hidden: true, system: true },
  // Set for accounts created with, or reset to, the default password.
  { name: 'mustChangePassword', type: 'bool', system: true },
];

/** Builds the engine's model of one declaration. */
export function buildCollection(def: CollectionDef): Collection {
  const fields: ModelField[] = [
    idField,
    ...(def.type === 'auth' ? authFields : []),
    ...def.fields,
    createdField,
    updatedField,
  ];
  const byName = new Map(fields.map((f) => [f.name, f]));
  return {
    id: collectionId(def.type, def.name),
    name: def.name,
    type: def.type,
    def,
    fields,
    field: (name) => byName.get(name),
    table: def.name,
  };
}

/** All collections of the app, by name and by id. */
export type CollectionRegistry = {
  all: readonly Collection[];
  get(nameOrId: string): Collection | undefined;
};

/** The registry built from `packages/schema` (tests may pass their own declarations). */
export function createRegistry(defs: readonly CollectionDef[] = COLLECTIONS): CollectionRegistry {
  const all = defs.map(buildCollection);
  const map = new Map<string, Collection>();
  for (const c of all) {
    map.set(c.name, c);
    map.set(c.id, c);
  }
  return { all, get: (key) => map.get(key) };
}

/** Quotes an identifier that has already been checked against the declarations. */
export function q(identifier: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(identifier)) {
    throw new Error(`unsafe identifier ${JSON.stringify(identifier)}`);
  }
  return `"${identifier}"`;
}

export { isMultiple };
