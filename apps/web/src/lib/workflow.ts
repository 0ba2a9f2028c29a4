import {
  findCollection,
  isEditableIn,
  type Language,
  type WorkflowDef,
  type WorkflowMove,
  type Words,
} from '@app/schema';

/**
 * The workflows declared in packages/schema, as the screens read them: the same declaration the
 * server enforces decides a record's badge, the moves offered on it, and whether it may be
 * edited or deleted, so a screen never offers what the server refuses.
 */

/** A collection's workflow, if it has one. */
export function workflowOf(collection: string): WorkflowDef | undefined {
  return findCollection(collection)?.workflow;
}

/** Words in the interface's language. */
export function inLanguage(words: Words, language: string): string {
  return words[(language === 'ar' ? 'ar' : 'en') satisfies Language];
}

type Stateful = Record<string, unknown>;

/** The state a record is in (an old record without one is in the first state). */
export function stateOf(flow: WorkflowDef, record: Stateful): string {
  return String(record[flow.field] || flow.initial);
}

/** Whether anything of the record may still change in its state (its edit button). */
export function editableNow(flow: WorkflowDef, record: Stateful): boolean {
  const rule = flow.editable[stateOf(flow, record)];
  return rule === '*' || (rule?.length ?? 0) > 0;
}

/** Whether one field of the record may change in its state (a form's field is read-only if not). */
export function fieldEditableNow(flow: WorkflowDef, record: Stateful, field: string): boolean {
  return isEditableIn(flow.editable[stateOf(flow, record)], field);
}

/** Whether the record may be deleted in its state. */
export function deletableNow(flow: WorkflowDef, record: Stateful): boolean {
  return flow.deletable.includes(stateOf(flow, record));
}

/** The moves a record may make from its state, as declared. */
export function movesOf(flow: WorkflowDef, record: Stateful): WorkflowMove[] {
  const state = stateOf(flow, record);
  return flow.moves.filter((m) => m.from === state);
}

/** Whether the account recorded the record or is the person it is for (separation of duties). */
export function isOwnRecord(flow: WorkflowDef, record: Stateful, accountId: string): boolean {
  if (!accountId) return false;
  return (
    (!!flow.creator && record[flow.creator] === accountId) ||
    (!!flow.requester && record[flow.requester] === accountId)
  );
}

/**
 * The states a form may choose for the record: where it is and where its declared moves lead
 * (a new record: its first state and those it may be created in).
 */
export function reachableStates(flow: WorkflowDef, record: Stateful | null): string[] {
  if (!record) return [flow.initial, ...(flow.createIn ?? [])];
  return [stateOf(flow, record), ...movesOf(flow, record).map((m) => m.to)];
}

/**
 * Which rows of a list offer their edit and remove buttons: as the collection's workflow
 * declares for each state (every row, without a workflow).
 */
export function workflowRowRules(collection: string): {
  editable?: (row: Stateful) => boolean;
  removable?: (row: Stateful) => boolean;
} {
  const flow = workflowOf(collection);
  if (!flow) return {};
  return { editable: (row) => editableNow(flow, row), removable: (row) => deletableNow(flow, row) };
}

/**
 * What may be done with a record held by a workflow record (a request's items) while the holder
 * is in its state: add one, change which fields, delete one; `frozen` when not every field may.
 */
export function heldRules(
  flow: WorkflowDef,
  collection: string,
  holder: Stateful,
): {
  create: boolean;
  editable: (field: string) => boolean;
  any: boolean;
  delete: boolean;
  frozen: boolean;
} {
  const held = flow.held?.find((h) => h.collection === collection);
  const state = stateOf(flow, holder);
  const rule = held?.editable[state];
  return {
    create: !!held?.create.includes(state),
    editable: (field) => isEditableIn(rule, field),
    any: rule === '*' || (rule?.length ?? 0) > 0,
    delete: !!held?.delete.includes(state),
    frozen: rule !== '*',
  };
}

/** The words of each state of a collection's workflow, in the interface's language. */
export function stateLabelOf(collection: string, language: string): (state: string) => string {
  const flow = workflowOf(collection);
  return (state) => {
    const declared = flow?.states[state];
    return declared ? inLanguage(declared.label, language) : state;
  };
}
