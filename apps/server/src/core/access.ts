import type { Collection } from './collection-model';
import { actingAsSystem, type RequestInfo } from './request-info';

export type CollectionAction = 'list' | 'view' | 'create' | 'update' | 'delete';

/** What a requester may do with one action of a collection. */
export type AccessDecision =
  | { kind: 'all' }
  /** Only records matching this rule (a filter expression in rule mode). */
  | { kind: 'rule'; rule: string }
  | { kind: 'deny'; status: 401 | 403 };

/**
 * Decides access from the collection's declaration: the permission grants everything, the
 * own rule grants signed-in accounts matching records, the guest rule grants guests (and
 * everyone) matching records. Locked actions are refused to all.
 */
/** A declared rule as a decision: an empty rule lets everyone through. */
function asRule(rule: string): AccessDecision {
  return rule.trim() === '' ? { kind: 'all' } : { kind: 'rule', rule };
}

export function decideAccess(
  collection: Collection,
  action: CollectionAction,
  request: RequestInfo,
): AccessDecision {
  // The server's own writes (a hook writing another record) are not a client's.
  if (actingAsSystem(request)) return { kind: 'all' };
  const access = collection.def.access[action];
  if (access === null) return { kind: 'deny', status: 403 };
  if (!request.auth) {
    return access.guestRule !== undefined
      ? asRule(access.guestRule)
      : { kind: 'deny', status: 401 };
  }
  if (access.permission && request.auth.permissions.has(access.permission)) return { kind: 'all' };
  if (access.ownRule !== undefined) return asRule(access.ownRule);
  if (access.guestRule !== undefined) return asRule(access.guestRule);
  // No permission declared and no rule: any signed-in account.
  if (!access.permission) return { kind: 'all' };
  return { kind: 'deny', status: 403 };
}
