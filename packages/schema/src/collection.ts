import type { FieldDef } from './fields';
import type { Permission } from './permissions';
import type { WorkflowDef } from './workflow';

/**
 * Who may do one action on a collection.
 * - `null`: nobody through the API (403).
 * - `permission`: accounts holding it have full access.
 * - `ownRule`: a filter that grants signed-in accounts without the permission access to
 *   matching records only (e.g. `id = @request.auth.id`). Without it they get 403.
 * - `guestRule`: a filter that grants guests access to matching records (`''` = all).
 *   Without it guests get 401.
 */
export type ActionAccess = null | {
  permission?: Permission;
  ownRule?: string;
  guestRule?: string;
};

export type CollectionAccess = {
  list: ActionAccess;
  view: ActionAccess;
  create: ActionAccess;
  update: ActionAccess;
  delete: ActionAccess;
};

export type IndexDef = {
  columns: readonly string[];
  unique?: boolean;
  /** Index on lower(column) for case-insensitive search and uniqueness. */
  lower?: boolean;
  /** A trigram index, so "contains" searches (`name ~ "abc"`) stay fast on large tables. */
  search?: boolean;
  /**
   * Only rows where these columns are not empty: an optional value unique among those that have
   * one (a donation's receipt number), since an empty text is stored as ''.
   */
  nonEmpty?: boolean;
  /** Columns stored in the index without ordering it, so a query reading only these is an index-only scan. */
  include?: readonly string[];
};

/** Monitor categories; each audit record carries those of its collection. */
export type AuditCategory =
  | 'hr'
  | 'projects'
  | 'finance'
  | 'website'
  | 'users'
  | 'employees'
  | 'members'
  | 'volunteers'
  | 'roles'
  | 'hr_settings'
  | 'project_activities'
  | 'assets'
  | 'donations'
  | 'expenses'
  | 'payroll'
  | 'advances'
  | 'allowances'
  | 'deductions'
  | 'vaults'
  | 'web_topics'
  | 'web_articles'
  | 'web_resources'
  | 'auth'
  | 'settings';

export type AuthOptions = {
  /** The account may sign in only while this field holds `activeValue`. */
  activeField: string;
  activeValue: string;
  /** Minimum password length. */
  minPasswordLength: number;
};

export type CollectionDef = {
  name: string;
  type: 'base' | 'auth';
  label: string;
  /** Declared fields, without the system ones (id, created, updated, auth fields). */
  fields: readonly FieldDef[];
  indexes?: readonly IndexDef[];
  access: CollectionAccess;
  /** Categories written on audit records; an empty list means the collection is not audited. */
  audit: readonly AuditCategory[];
  /**
   * What the activity monitor calls a record that has no name, title or email of its own: its
   * fields in braces, as in '{donor}' or '{employee} · {month}/{year}'. A relation stands for the
   * name, title or email of the record it points to.
   */
  auditTitle?: string;
  auth?: AuthOptions;
  /**
   * Fields an account may change on its own record when it holds no update permission
   * (the `ownRule` of update). Password changes are always allowed to the account itself.
   */
  selfEditable?: readonly string[];
  /**
   * A relation to `employees` naming whose record this is: that employee sees its fields behind a
   * permission (their own payslip's figures) as they see their own account's.
   */
  owner?: string;
  /**
   * The relation naming the record this one belongs to and is shown on (a project's budget line,
   * a member's dues): its audit records carry that record's id (`held_by`), so the parent's
   * history takes them in.
   */
  heldBy?: string;
  /**
   * How the record moves from state to state (see workflow.ts): enforced by the server's engine on
   * every write, read by the screens for their badges and buttons.
   */
  workflow?: WorkflowDef;
  /**
   * Required fields the old system left optional. A record written by the import of the old
   * system (request context `import`, set only by that code) keeps them blank, as it was there;
   * a record created through the API still needs them.
   */
  blankWhenImported?: readonly string[];
};
