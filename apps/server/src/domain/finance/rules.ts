import type { RefusalId, RefusalWord } from '@app/schema';
import type { Queryable } from '../../db/database';
import { writeAudit } from '../../core/audit';
import type { Collection } from '../../core/collection-model';
import { auditSnapshot, type Row } from '../../core/record-export';
import { refuse } from '../../core/refusals';
import type { RequestInfo } from '../../core/request-info';
import { changedFields } from '../../core/workflow';
import { postEntries, toCents, type EntryKind } from '../finance-ledger';

/** What the finance rules of each collection share. */

/** A refusal of a field by one of this area's rules, in the asker's language. */
export const fieldError = (
  field: string,
  id: RefusalId,
  words: Readonly<Record<string, RefusalWord>> = {},
  params?: Record<string, unknown>,
) => refuse(400, id, { field, words, params });

export { changedFields };

/** Audits a change the server made to another record than the one being saved. */
export async function auditSideChange(
  tx: Queryable,
  collection: Collection,
  before: Row | null,
  after: Row | null,
  request: RequestInfo,
): Promise<void> {
  const record = (after ?? before)!;
  await writeAudit(tx, {
    action: !before ? 'CREATE' : after ? 'UPDATE' : 'DELETE',
    collection,
    recordId: String(record.id),
    before: before ? auditSnapshot(collection, before) : null,
    after: after ? auditSnapshot(collection, after) : null,
    request,
    ip: '',
  });
}

/** The vault of a project (kind `project`), or ''. */
export async function projectVault(tx: Queryable, project: string): Promise<string> {
  if (!project) return '';
  const { rows } = await tx.query<{ id: string }>(
    `SELECT "id" FROM "vaults" WHERE "project" = $1 AND "kind" = 'project' ORDER BY "_rowid" LIMIT 1`,
    [project],
  );
  return rows[0]?.id ?? '';
}

export const source = (collection: string, record: Row) => ({ collection, id: String(record.id) });

/** The state an update moves a record to (its workflow has already allowed it), or ''. */
export function moveOf(changes: Row, previous: Row, field = 'status'): string {
  if (!(field in changes)) return '';
  const to = String(changes[field] || '');
  return to && to !== String(previous[field] || '') ? to : '';
}

/**
 * Pays a record's amount out of its vault on its date (an expense, an advance): one ledger entry
 * of `kind` pointing back at the record; returns the entry's id.
 */
export async function payOut(
  tx: Queryable,
  collection: string,
  record: Row,
  kind: EntryKind,
  statement: string,
  request: RequestInfo,
): Promise<string> {
  const [entry] = await postEntries(
    tx,
    [
      {
        vault: String(record.vault),
        amount: -toCents(record.amount),
        kind,
        date: String(record.date),
        source: source(collection, record),
        statement,
      },
    ],
    request,
  );
  return entry;
}
