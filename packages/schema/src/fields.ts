import type { Permission } from './permissions';

/** What every field declaration has. */
type FieldBase = {
  name: string;
  /** Empty values are refused ("Cannot be blank."). */
  required?: boolean;
  /** Never sent to, nor accepted from, the API (auth secrets). */
  hidden?: boolean;
  /**
   * Accounts without this permission neither see nor change the field (salary, auth fields).
   * An auth record always sees its own values.
   */
  permission?: Permission;
  /** A short label for screens and error messages. */
  label?: string;
  /** Set by the server only (derived values such as a membership number); submitted values are ignored. */
  readOnly?: boolean;
};

export type TextField = FieldBase & {
  type: 'text';
  min?: number;
  /** 0 or unset means 5000, like PocketBase. */
  max?: number;
  pattern?: string;
};
export type EditorField = FieldBase & {
  type: 'editor';
  /** Characters of readable text (tags left out); the area's hooks check it (see website.ts). */
  min?: number;
  max?: number;
};
export type EmailField = FieldBase & { type: 'email' };
export type UrlField = FieldBase & { type: 'url' };
export type NumberField = FieldBase & {
  type: 'number';
  min?: number;
  max?: number;
  onlyInt?: boolean;
  /** Money: stored as numeric(16,2), never as a float. */
  money?: boolean;
};
export type BoolField = FieldBase & { type: 'bool' };
export type DateField = FieldBase & { type: 'date' };
export type SelectField = FieldBase & {
  type: 'select';
  values: readonly string[];
  /** 1 or unset: a single value (string); more: a list. */
  maxSelect?: number;
};
export type RelationField = FieldBase & {
  type: 'relation';
  collection: string;
  maxSelect?: number;
  minSelect?: number;
  /** Deleting the related record deletes this one too. */
  cascadeDelete?: boolean;
  /** Deleting the related record is refused while this record points at it. */
  restrictDelete?: boolean;
};
export type FileField = FieldBase & {
  type: 'file';
  maxSelect?: number;
  /** Bytes; unset means 5 MiB. */
  maxSize?: number;
  mimeTypes?: readonly string[];
  thumbs?: readonly string[];
  /** Downloads need a file token and the collection's view access. */
  protected?: boolean;
  /**
   * Downloads follow the record's view access for whoever asks, guests included (a guest rule
   * may let them), without a token; a signed-in account may pass its file token. Unlike
   * `protected`, public records' files stay plain links (the public website's images).
   */
  followsViewAccess?: boolean;
};
export type JsonField = FieldBase & { type: 'json'; maxSize?: number };
export type AutodateField = FieldBase & { type: 'autodate'; onCreate: boolean; onUpdate: boolean };

export type FieldDef =
  | TextField
  | EditorField
  | EmailField
  | UrlField
  | NumberField
  | BoolField
  | DateField
  | SelectField
  | RelationField
  | FileField
  | JsonField
  | AutodateField;

export type FieldType = FieldDef['type'];

/** True for select, relation and file fields that hold a list. */
export function isMultiple(field: FieldDef): boolean {
  if (field.type === 'select' || field.type === 'relation' || field.type === 'file') {
    return (field.maxSelect ?? 1) > 1;
  }
  return false;
}
