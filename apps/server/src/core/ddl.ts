import type { IndexDef } from '@app/schema';
import { isMultiple, q, type Collection, type ModelField } from './collection-model';

/** The PostgreSQL column type and default of a field. */
export function columnType(field: ModelField): string {
  if (isMultiple(field)) return `jsonb NOT NULL DEFAULT '[]'::jsonb`;
  switch (field.type) {
    case 'number':
      return field.money
        ? 'numeric(16,2) NOT NULL DEFAULT 0'
        : 'double precision NOT NULL DEFAULT 0';
    case 'bool':
      return 'boolean NOT NULL DEFAULT false';
    case 'json':
      return 'jsonb';
    default:
      // Text, editor, email, url, dates (PocketBase's text layout sorts correctly), single select/relation/file.
      return `text NOT NULL DEFAULT ''`;
  }
}

/** Column definition of one field. */
export function columnSql(field: ModelField): string {
  if (field.name === 'id') return `${q('id')} text PRIMARY KEY`;
  return `${q(field.name)} ${columnType(field)}`;
}

export function indexName(table: string, index: IndexDef): string {
  return `idx_${table}_${index.columns.join('_')}${index.lower ? '_lower' : ''}${index.search ? '_trgm' : ''}${index.unique ? '_u' : ''}${index.nonEmpty ? '_ne' : ''}${index.include?.length ? `_inc_${index.include.join('_')}` : ''}`;
}

/** CREATE INDEX statement of a declared index. */
export function indexSql(table: string, index: IndexDef, collection?: Collection): string {
  if (index.search) {
    // JSON fields (phone lists) are searched as their text, as the filter compiler reads them.
    const exprs = index.columns.map((c) => {
      const field = collection?.field(c);
      return field?.type === 'json' ? `((${q(c)} #>> '{}')) gin_trgm_ops` : `${q(c)} gin_trgm_ops`;
    });
    return `CREATE INDEX IF NOT EXISTS ${q(indexName(table, index))} ON ${q(table)} USING gin (${exprs.join(', ')})`;
  }
  const cols = index.columns.map((c) => (index.lower ? `lower(${q(c)})` : q(c))).join(', ');
  const include = index.include?.length ? ` INCLUDE (${index.include.map(q).join(', ')})` : '';
  const where = index.nonEmpty
    ? ` WHERE ${index.columns.map((c) => `${q(c)} <> ''`).join(' AND ')}`
    : '';
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${q(indexName(table, index))} ON ${q(table)} (${cols})${include}${where}`;
}

/** Every statement that creates a collection's table from nothing. */
export function createCollectionSql(collection: Collection): string[] {
  const cols = collection.fields.map(columnSql);
  // A hidden insertion counter gives lists a stable default order.
  cols.push(`${q('_rowid')} bigserial`);
  const statements = [`CREATE TABLE ${q(collection.table)} (\n  ${cols.join(',\n  ')}\n)`];
  statements.push(
    `CREATE UNIQUE INDEX ${q(`idx_${collection.table}__rowid`)} ON ${q(collection.table)} (${q('_rowid')})`,
  );
  statements.push(
    `CREATE INDEX ${q(`idx_${collection.table}_created`)} ON ${q(collection.table)} (${q('created')})`,
  );
  if (collection.type === 'auth') {
    statements.push(
      `CREATE UNIQUE INDEX ${q(`idx_${collection.table}_email`)} ON ${q(collection.table)} (lower(${q('email')})) WHERE ${q('email')} <> ''`,
      `CREATE UNIQUE INDEX ${q(`idx_${collection.table}_tokenKey`)} ON ${q(collection.table)} (${q('tokenKey')})`,
    );
  }
  for (const index of collection.def.indexes ?? []) {
    if (index.columns.length === 1 && index.columns[0] === 'created' && !index.unique) continue;
    statements.push(indexSql(collection.table, index, collection));
  }
  return statements;
}
