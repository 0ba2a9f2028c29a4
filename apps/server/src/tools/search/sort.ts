/**
 * Parser for the `sort` query parameter, e.g. `-created,+title,author.name,@random`.
 * Only the syntax is checked here; whether a name resolves to a column is the
 * query builder's concern.
 */

export type SortField = { name: string; direction: 'ASC' | 'DESC' };

export class SortSyntaxError extends Error {
  override name = 'SortSyntaxError';
}

export const MAX_SORT_FIELDS = 8;
export const MAX_SORT_FIELD_LENGTH = 255;

// `@`/`#` prefixes let macros such as `@random` and `@rowid` through.
const SORT_NAME_RE = /^[@#]?[A-Za-z0-9_][\w.:]*$/;

/**
 * `-created,+title,author.name,@random` → fields. A leading `-` means DESC, an
 * optional leading `+` means ASC. Max 8 expressions, each name ≤255 chars and
 * matching /^[@#]?[A-Za-z0-9_][\w.:]*$/; empty parts are skipped; throws
 * SortSyntaxError otherwise.
 */
export function parseSort(input: string): SortField[] {
  if (typeof input !== 'string') throw new SortSyntaxError('invalid sort: not a string');
  const fields: SortField[] = [];
  for (const part of input.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;

    if (fields.length >= MAX_SORT_FIELDS) {
      throw new SortSyntaxError(`invalid sort: more than ${MAX_SORT_FIELDS} sort expressions`);
    }

    let name = trimmed;
    let direction: SortField['direction'] = 'ASC';
    if (name.startsWith('-')) {
      name = name.slice(1);
      direction = 'DESC';
    } else if (name.startsWith('+')) {
      name = name.slice(1);
    }

    if (name.length > MAX_SORT_FIELD_LENGTH) {
      throw new SortSyntaxError(
        `invalid sort: field name longer than ${MAX_SORT_FIELD_LENGTH} characters`,
      );
    }
    if (!SORT_NAME_RE.test(name)) {
      throw new SortSyntaxError(`invalid sort field ${JSON.stringify(name)}`);
    }
    fields.push({ name, direction });
  }
  return fields;
}
