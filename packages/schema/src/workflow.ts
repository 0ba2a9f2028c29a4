import type { Permission } from './permissions';

/**
 * Workflows: how a record that moves money (or gets published) goes from state to state, declared
 * once beside its collection. The server's record engine enforces a declaration on every write
 * (records API, batch, field modifiers, imports) before the area's own rules run; the web reads the
 * same declaration for its badges, its buttons and what it lets people edit, so a screen cannot
 * offer what the server refuses.
 */

/** Words in each language of the app. */
export type Words = { en: string; ar: string };

export type Language = keyof Words;

/** What a state means for money: nothing yet, held (approved, not paid), in the ledger, undone. */
export type MoneyMeaning = 'none' | 'held' | 'posted' | 'reversed';

export type WorkflowState = {
  label: Words;
  /** The badge's colour (a Mantine colour name). */
  color: string;
  money: MoneyMeaning;
  /**
   * Reached only by the server's own bookkeeping (an advance becomes repaid when its repayments
   * add up); no client move leads there.
   */
  serverOnly?: boolean;
};

/** A committee seat flag that grants a move instead of a catalogue permission. */
export type SeatRule = {
  committee: 'project_financial_committees' | 'project_purchases_committees';
  flag: 'can_create' | 'can_update_status';
};

export type WorkflowMove<S extends string = string> = {
  from: S;
  to: S;
  /** The button that makes the move. */
  label: Words;
  /** The catalogue permission the move needs (when it is not granted by a committee seat). */
  permission?: Permission;
  /** The asker's seat on the record's project committee grants the move. */
  seat?: SeatRule;
  /**
   * Separation of duties: refused to whoever created the record or is the person it is for,
   * unless the organisation's settings allow self-approval.
   */
  notCreator?: boolean;
  /** The move needs a reason (`status_reason`): taking back an approval. */
  reason?: boolean;
  /**
   * A condition the area checks in the same transaction, by name (e.g. `bills`: the bills are
   * attached); the screens say it before the move is tried.
   */
  requires?: readonly 'bills'[];
  /** Money moves, or is set aside: the screens ask first, naming the amount and the vault. */
  confirm?: boolean;
  /** Fields that may be set with the move itself (the pay date with the payment). */
  with?: readonly string[];
  /** The button's colour. */
  color?: string;
};

/** Which fields may change in a state: `'*'` every field a client may write, else a list. */
export type Editable = '*' | readonly string[];

/**
 * Records that belong to a workflow record and freeze with it (a request's items, a run's
 * payslips): `via` is the relation path from the held record to the workflow record.
 */
export type HeldRecords<S extends string = string> = {
  collection: string;
  via: readonly string[];
  /** States of the parent in which one may be added. */
  create: readonly S[];
  editable: Partial<Record<S, Editable>>;
  delete: readonly S[];
};

export type WorkflowDef<S extends string = string> = {
  /** The select field holding the state. */
  field: string;
  /** The state a new record starts in. */
  initial: S;
  /** Other states a record may be created in (an article published at once). */
  createIn?: readonly S[];
  states: Record<S, WorkflowState>;
  moves: readonly WorkflowMove<S>[];
  /** Fields that may change in each state, besides the state; a state left out: none. */
  editable: Partial<Record<S, Editable>>;
  /** States in which the record may be deleted. */
  deletable: readonly S[];
  /**
   * The text field holding why the state last moved: written with a move (required by moves
   * marked `reason`), emptied by a move that gives none.
   */
  reasonField?: string;
  /** Fields set when the record is made that never change afterwards (a run's month). */
  fixed?: readonly string[];
  /** The field naming the account that created the record (set by the server). */
  creator?: string;
  /** The field naming the employee the record is for (an advance's employee). */
  requester?: string;
  /** The field holding the amount a money move moves (for confirmations). */
  amount?: string;
  /** The field naming the vault the money leaves; `project` when it is the project's vault. */
  vault?: string;
  /** A record of this kind in messages ("an expense"). */
  noun: Words;
  /** Collections whose figures a move changes (balances, holds): the screens refresh them. */
  refresh: readonly string[];
  held?: readonly HeldRecords<S>[];
};

/** The moves a record in `state` may make. */
export function movesFrom<S extends string>(
  flow: WorkflowDef<S>,
  state: string,
): WorkflowMove<S>[] {
  return flow.moves.filter((m) => m.from === state);
}

/** The declared move from one state to another, if there is one. */
export function findMove<S extends string>(
  flow: WorkflowDef<S>,
  from: string,
  to: string,
): WorkflowMove<S> | undefined {
  return flow.moves.find((m) => m.from === from && m.to === to);
}

/** Whether a field may change while the record is in `state`. */
export function isEditableIn(rule: Editable | undefined, field: string): boolean {
  if (!rule) return false;
  return rule === '*' || rule.includes(field);
}

/** The states whose money is held (approved, not yet paid). */
export function heldStates<S extends string>(flow: WorkflowDef<S>): S[] {
  return (Object.keys(flow.states) as S[]).filter((s) => flow.states[s].money === 'held');
}
