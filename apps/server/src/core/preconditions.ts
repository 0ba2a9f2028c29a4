import { ApiError } from './errors';
import { refusalText } from './refusals';
import { parseDateInput } from './values';

/**
 * `If-Match` on a record update (not PocketBase's: an extension of its protocol, see
 * docs/offline.md). A client that queued a change while offline names the version of the record
 * it last saw, its `updated`, as an entity tag: `If-Match: "2026-11-29T04:13:26.123Z"` (the
 * API's own layout, with a space, is taken too). The update is refused with 412 when the record
 * now holds another `updated`: someone changed it meanwhile, and the change would overwrite
 * theirs unseen. `*`, or no header, checks nothing. Checked on the row as locked in the update's
 * transaction, so of two updates naming the same version exactly one is written.
 */

/** The versions an `If-Match` header names; null when it names any (`*`) or none. */
function versionsOf(header: string): string[] | null {
  const versions: string[] = [];
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*') return null;
    // A weak tag never matches: If-Match compares strongly.
    if (tag === '' || tag.startsWith('W/')) continue;
    const bare =
      tag.length >= 2 && tag.startsWith('"') && tag.endsWith('"') ? tag.slice(1, -1) : tag;
    const version = parseDateInput(bare);
    if (version) versions.push(version);
  }
  return versions;
}

/** Throws 412 when the record's `updated` is not a version the header names. */
export function checkIfMatch(header: string | string[] | undefined, updated: unknown): void {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') return;
  const versions = versionsOf(value);
  if (versions === null || versions.includes(String(updated ?? ''))) return;
  throw new ApiError(412, refusalText('system.record_changed'));
}
