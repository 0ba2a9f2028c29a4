import {
  findMove,
  isEditableIn,
  ORGANISATION_SETTINGS_ID,
  type HeldRecords,
  type Permission,
  type RefusalWord,
  type Words,
  type WorkflowDef,
  type WorkflowMove,
} from '@app/schema';
import type { Queryable } from '../db/database';
import { q, type Collection, type CollectionRegistry } from './collection-model';
import type { HookRegistry } from './hooks';
import type { Row } from './record-export';
import { refusalText, refuse } from './refusals';
import { actingAsSystem, can, replayingImport, type RequestInfo } from './request-info';
import { toList } from './values';

/**
 * The engine's side of the workflows declared in packages/schema (workflow.ts). Every create,
 * update and delete of a collection with a workflow, or of a record it holds, passes here inside
 * its transaction and before the area's hooks: the state it starts in, each move (declared, by
 * whom, with what it requires), which fields may change in which state, and when it may be
 * deleted. The areas' hooks keep only their bookkeeping (the ledger, holds on budget lines).
 *
 * The import of the old system replays its history: who may act (permissions, seats, separation
 * of duties, reasons, required bills) is not asked of it; the moves themselves are.
 */

/** What a write's audit entry says besides the change (a self-approval the settings allowed). */
export type WorkflowNote = { comment?: string };

/** A value shown as it is in both languages (a state without a label). */
const asWords = (text: string): Words => ({ en: text, ar: text });

const stateWords = (flow: WorkflowDef, state: string): RefusalWord =>
  flow.states[state]?.label ?? asWords(state);

/** The account's id as it is stored in `created_by` and in relations to employees. */
const askerId = (request: RequestInfo) => (request.auth ? String(request.auth.record.id) : '');

/** The workflows that hold other collections' records, by the held collection's name. */
export function heldIndex(
  registry: CollectionRegistry,
): Map<string, { parent: Collection; held: HeldRecords }> {
  const index = new Map<string, { parent: Collection; held: HeldRecords }>();
  for (const parent of registry.all) {
    for (const held of parent.def.workflow?.held ?? []) {
      index.set(held.collection, { parent, held });
    }
  }
  return index;
}

/** Fields an update really changes (clients send whole forms back). */
export function changedFields(changes: Row, previous: Row, except: readonly string[]): string[] {
  return Object.keys(changes).filter(
    (k) => k !== 'updated' && !except.includes(k) && differs(changes[k], previous[k]),
  );
}

function differs(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    // Money and counts: compared as numbers, to the cent.
    return Math.round(Number(a ?? 0) * 100) !== Math.round(Number(b ?? 0) * 100);
  }
  if (Array.isArray(a) || Array.isArray(b))
    return JSON.stringify(toList(a)) !== JSON.stringify(toList(b));
  return String(a ?? '') !== String(b ?? '');
}

/**
 * The record a held record belongs to, locked (`FOR UPDATE`) in the write's transaction so its
 * state cannot move meanwhile; null when the path leads nowhere.
 */
async function lockParent(
  tx: Queryable,
  registry: CollectionRegistry,
  child: Collection,
  held: HeldRecords,
  childRow: Row,
): Promise<Row | null> {
  const first = String(childRow[held.via[0]] ?? '');
  if (!first) return null;
  return (await lockParents(tx, registry, child, held, [first])).get(first) ?? null;
}

/**
 * The parents of many held records at once (a bulk create), by the id each record's first
 * relation names, locked as `lockParent` locks one.
 */
async function lockParents(
  tx: Queryable,
  registry: CollectionRegistry,
  child: Collection,
  held: HeldRecords,
  firsts: readonly string[],
): Promise<Map<string, Row>> {
  // The tables along the path: the first relation's target, then each next one's from there.
  let current = child;
  const tables: Collection[] = [];
  for (const name of held.via) {
    const field = current.field(name);
    if (field?.type !== 'relation') throw new Error(`${child.name}: ${name} is not a relation`);
    current = registry.get(field.collection)!;
    tables.push(current);
  }
  // t0 is the row the held record points at; each t(i) points at t(i+1) by via[i+1].
  const last = tables.length - 1;
  let from = `${q(tables[last].table)} t${last}`;
  for (let i = last - 1; i >= 0; i--)
    from += ` JOIN ${q(tables[i].table)} t${i} ON t${i}.${q(held.via[i + 1])} = t${i + 1}."id"`;
  const lock = last === 0 ? 'FOR UPDATE' : `FOR UPDATE OF t${last}`;
  const { rows } = await tx.query<Row & { _held: string }>(
    `SELECT t0."id" AS "_held", t${last}.* FROM ${from} WHERE t0."id" = ANY($1::text[]) ORDER BY t${last}."id" ${lock}`,
    [[...new Set(firsts)]],
  );
  return new Map(rows.map(({ _held, ...parent }) => [_held, parent]));
}

export class WorkflowGuard {
  private readonly held: Map<string, { parent: Collection; held: HeldRecords }>;

  constructor(
    private readonly registry: CollectionRegistry,
    private readonly hooks: HookRegistry,
  ) {
    this.held = heldIndex(registry);
    // Every condition a move declares must have the area's check behind it.
    for (const collection of registry.all) {
      for (const move of collection.def.workflow?.moves ?? []) {
        for (const name of move.requires ?? []) {
          if (!hooks.requirement(collection.name, name))
            throw new Error(`${collection.name}: no check registered for "${name}"`);
        }
      }
    }
  }

  /** A new record: its first state, who recorded it, and its parent's state if it is held. */
  async beforeCreate(
    tx: Queryable,
    collection: Collection,
    row: Row,
    request: RequestInfo,
  ): Promise<void> {
    this.startState(collection, row, request);
    const holder = this.held.get(collection.name);
    if (holder) this.checkHeldCreate(holder, await this.parentOf(tx, collection, holder, row));
  }

  /** `beforeCreate` of many records of one collection, their parents read in one query. */
  async beforeCreateMany(
    tx: Queryable,
    collection: Collection,
    rows: readonly Row[],
    request: RequestInfo,
  ): Promise<void> {
    for (const row of rows) this.startState(collection, row, request);
    const holder = this.held.get(collection.name);
    if (!holder) return;
    const first = (row: Row) => String(row[holder.held.via[0]] ?? '');
    const parents = await lockParents(
      tx,
      this.registry,
      collection,
      holder.held,
      rows.map(first).filter(Boolean),
    );
    for (const row of rows) this.checkHeldCreate(holder, parents.get(first(row)) ?? null);
  }

  private checkHeldCreate(holder: { parent: Collection; held: HeldRecords }, parent: Row | null) {
    const state = this.stateOf(holder.parent, parent);
    if (!holder.held.create.includes(state))
      throw this.lockedByParent(holder, state, holder.held.via[0]);
  }

  private startState(collection: Collection, row: Row, request: RequestInfo): void {
    const flow = collection.def.workflow;
    if (flow) {
      const state = String(row[flow.field] || flow.initial);
      if (state !== flow.initial && !(flow.createIn ?? []).includes(state))
        throw refuse(400, 'workflow.invalid_start', {
          field: flow.field,
          words: { record: flow.noun, initial: stateWords(flow, flow.initial) },
          params: { from: '', to: state },
        });
      row[flow.field] = state;
      // The import does not know who recorded an old record: left empty, anyone may approve it.
      if (flow.creator && !replayingImport(request)) row[flow.creator] = askerId(request);
    }
  }

  /**
   * An update: the move (declared, allowed to the asker, with what it requires) and the fields
   * it changes (editable in the state it leaves). Returns what the audit entry should add.
   */
  async beforeUpdate(
    tx: Queryable,
    collection: Collection,
    changes: Row,
    previous: Row,
    request: RequestInfo,
  ): Promise<WorkflowNote> {
    // What the server derives (read-only fields) is set only by its own writes: no state locks it.
    const derived = collection.fields.filter((f) => f.readOnly).map((f) => f.name);
    const holder = this.held.get(collection.name);
    if (holder) {
      const edited = changedFields(changes, previous, derived);
      const parent = await this.parentOf(tx, collection, holder, { ...previous, ...changes });
      const state = this.stateOf(holder.parent, parent);
      const locked = edited.find((f) => !isEditableIn(holder.held.editable[state], f));
      if (locked) throw this.lockedByParent(holder, state, locked);
    }
    const flow = collection.def.workflow;
    if (!flow) return {};
    const from = String(previous[flow.field] || flow.initial);
    const to = flow.field in changes ? String(changes[flow.field] || from) : from;
    const move = to === from ? undefined : findMove(flow, from, to);
    const edited = changedFields(changes, previous, [
      ...derived,
      flow.field,
      ...(flow.reasonField ? [flow.reasonField] : []),
      ...(move?.with ?? []),
    ]);
    const fixed = edited.find((f) => flow.fixed?.includes(f));
    if (fixed) throw refuse(400, 'workflow.fixed', { field: fixed, words: { record: flow.noun } });
    const locked = edited.find((f) => !isEditableIn(flow.editable[from as never], f));
    if (locked)
      throw refuse(400, 'workflow.locked', {
        field: locked,
        words: { record: flow.noun, state: stateWords(flow, from) },
        params: { state: from },
      });
    if (to === from) {
      // The reason belongs to a move: written alone, it follows the state's editable fields.
      if (flow.reasonField && changedFields(changes, previous, []).includes(flow.reasonField)) {
        if (!isEditableIn(flow.editable[from as never], flow.reasonField))
          throw refuse(400, 'workflow.locked', {
            field: flow.reasonField,
            words: { record: flow.noun, state: stateWords(flow, from) },
            params: { state: from },
          });
      }
      return {};
    }
    if (!move) {
      const serverOnly = flow.states[to as never]?.serverOnly;
      // The server's own bookkeeping moves into and out of these states (an advance repaid by its
      // repayments, owed again when a payroll run is reversed).
      if ((serverOnly || flow.states[from as never]?.serverOnly) && actingAsSystem(request))
        return {};
      throw refuse(400, serverOnly ? 'workflow.server_only' : 'workflow.invalid_move', {
        field: flow.field,
        words: { record: flow.noun, from: stateWords(flow, from), to: stateWords(flow, to) },
        params: { from, to },
      });
    }
    const merged = { ...previous, ...changes };
    const note = await this.checkWho(tx, collection, flow, move, merged, request);
    if (flow.reasonField) {
      const reason = String(changes[flow.reasonField] ?? '').trim();
      if (move.reason && !reason && !replayingImport(request))
        throw refuse(400, 'workflow.reason_required', {
          field: flow.reasonField,
          words: {},
          params: { from, to },
        });
      // A reason belongs to the move it came with; a move without one clears the last.
      changes[flow.reasonField] = reason;
    }
    if (!replayingImport(request)) {
      for (const name of move.requires ?? []) {
        await this.hooks.requirement(collection.name, name)!({ tx, record: merged, request });
      }
    }
    return note;
  }

  /** A delete: only in the declared states (of the record, or of the record holding it). */
  async beforeDelete(
    tx: Queryable,
    collection: Collection,
    record: Row,
    request: RequestInfo,
  ): Promise<void> {
    void request;
    const flow = collection.def.workflow;
    if (flow) {
      const state = String(record[flow.field] || flow.initial);
      if (!flow.deletable.includes(state))
        throw refuse(400, 'workflow.not_deletable', {
          field: flow.field,
          words: { record: flow.noun, state: stateWords(flow, state) },
          params: { state },
        });
    }
    const holder = this.held.get(collection.name);
    if (holder) {
      const parent = await this.parentOf(tx, collection, holder, record);
      // The holder itself is being deleted (a cascade): its own rule has decided.
      if (!parent) return;
      const state = this.stateOf(holder.parent, parent);
      if (!holder.held.delete.includes(state))
        throw this.lockedByParent(holder, state, holder.held.via[0]);
    }
  }

  /** Who may make the move: permission or committee seat, and not for oneself. */
  private async checkWho(
    tx: Queryable,
    collection: Collection,
    flow: WorkflowDef,
    move: WorkflowMove,
    record: Row,
    request: RequestInfo,
  ): Promise<WorkflowNote> {
    if (replayingImport(request) || actingAsSystem(request)) return {};
    const moveWords = move.label;
    if (move.permission && !can(request, move.permission))
      throw refuse(403, 'workflow.needs_permission', {
        field: flow.field,
        words: { move: moveWords, record: flow.noun, permission: move.permission },
        params: { permission: move.permission satisfies Permission },
      });
    if (move.seat) {
      const committee = this.registry.get(move.seat.committee)!;
      const employee = request.auth?.collection.name === 'employees' ? askerId(request) : '';
      const { rows } = employee
        ? await tx.query<Record<string, boolean>>(
            `SELECT ${q(move.seat.flag)} AS allowed FROM ${q(committee.table)}
              WHERE "project" = $1 AND "employee" = $2`,
            [record.project, employee],
          )
        : { rows: [] };
      if (!rows[0]?.allowed)
        throw refuse(403, 'workflow.needs_seat', {
          field: flow.field,
          words: {
            move: moveWords,
            committee: COMMITTEE_WORDS[move.seat.committee],
            flag: FLAG_WORDS[move.seat.flag],
          },
          params: { committee: move.seat.committee, flag: move.seat.flag },
        });
    }
    if (!move.notCreator) return {};
    const asker = askerId(request);
    const own =
      !!asker &&
      ((flow.creator && String(record[flow.creator] ?? '') === asker) ||
        (flow.requester && String(record[flow.requester] ?? '') === asker));
    if (!own) return {};
    const { rows } = await tx.query<{ allow_self_approval: boolean }>(
      `SELECT "allow_self_approval" FROM "organisation_settings" WHERE "id" = $1`,
      [ORGANISATION_SETTINGS_ID],
    );
    if (!rows[0]?.allow_self_approval)
      throw refuse(403, 'workflow.self_approval', {
        field: flow.field,
        words: { record: flow.noun, move: moveWords },
        params: { move: `${move.from}:${move.to}` },
      });
    void collection;
    return { comment: refusalText('workflow.self_approval_noted', { move: moveWords }) };
  }

  private async parentOf(
    tx: Queryable,
    collection: Collection,
    holder: { parent: Collection; held: HeldRecords },
    row: Row,
  ): Promise<Row | null> {
    return lockParent(tx, this.registry, collection, holder.held, row);
  }

  private stateOf(parent: Collection, row: Row | null): string {
    const flow = parent.def.workflow!;
    if (!row) return '';
    return String(row[flow.field] || flow.initial);
  }

  private lockedByParent(
    holder: { parent: Collection; held: HeldRecords },
    state: string,
    field: string,
  ) {
    const flow = holder.parent.def.workflow!;
    if (!state)
      return refuse(400, 'workflow.parent_missing', {
        field: holder.held.via[0],
        words: { record: flow.noun },
      });
    return refuse(400, 'workflow.locked_by_parent', {
      field,
      words: { record: flow.noun, state: stateWords(flow, state) },
      params: { state },
    });
  }
}

const COMMITTEE_WORDS: Record<string, Words> = {
  project_financial_committees: { en: 'financial committee', ar: 'اللجنة المالية' },
  project_purchases_committees: { en: 'purchases committee', ar: 'لجنة المشتريات' },
};

const FLAG_WORDS: Record<string, Words> = {
  can_update_status: { en: 'update the status', ar: 'تغيير الحالة' },
  can_create: { en: 'create', ar: 'الإنشاء' },
};
