import type { Permission } from '@app/schema';
import type { Collection } from './collection-model';

/** The signed-in account, as the engine needs it. */
export type AuthState = {
  collection: Collection;
  /** The account's stored values (database form), incl. hidden ones. */
  record: Record<string, unknown>;
  /** Union of the permissions of the account's roles. */
  permissions: ReadonlySet<Permission>;
};

/** What a rule may refer to as `@request.*`. */
export type RequestInfo = {
  auth: AuthState | null;
  method: string;
  /**
   * `import`: the import of the old system replaying its history (set only by that code, never
   * from a request); rules that decide who may act, and notifications, let it through, as do
   * the rules made for new records that the old ones need not meet (a collection's
   * `blankWhenImported`, a seat of an employee who is not active today).
   */
  context: 'default' | 'realtime' | 'protectedFile' | 'expand' | 'password' | 'batch' | 'import';
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /**
   * The server writing a record on its own behalf from inside another write (a hook's
   * `records`), for the account in `auth`: set only by the engine, never from a request. Access
   * rules, field permissions, read-only fields and who may make a workflow move do not apply to
   * it; validation, the workflow's moves and the areas' hooks do.
   */
  system?: boolean;
};

/**
 * True while the import of the old system replays its history. What the old system never
 * enforced (who may act, budget limits, bills, comments with words, seats of active employees
 * only) or never booked (advances and salaries in a vault) is let through; everything else is
 * checked as for any request.
 */
export const replayingImport = (request: Pick<RequestInfo, 'context'>) =>
  request.context === 'import';

/** True for the engine's own writes made from inside another write (see `RequestInfo.system`). */
export const actingAsSystem = (request: Pick<RequestInfo, 'system'>) => request.system === true;

export function guestRequest(overrides: Partial<RequestInfo> = {}): RequestInfo {
  return {
    auth: null,
    method: 'GET',
    context: 'default',
    query: {},
    headers: {},
    body: {},
    ...overrides,
  };
}

/** True when the account holds the permission. */
export function can(request: Pick<RequestInfo, 'auth'>, permission: Permission): boolean {
  return request.auth?.permissions.has(permission) ?? false;
}
