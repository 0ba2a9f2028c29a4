import type { Queryable } from '../db/database';
import type { CollectionRegistry, Collection } from './collection-model';
import type { Row } from './record-export';
import type { RequestInfo } from './request-info';

/** What every hook is given: the open transaction of the change, its collection and who asked. */
type HookBase = {
  tx: Queryable;
  collection: Collection;
  request: RequestInfo;
  /**
   * Writes another record in this change's transaction, as the server on the asker's behalf
   * (`RequestInfo.system`): that collection's validation, workflow and hooks run, its audit
   * record is written, and its realtime event follows the commit.
   */
  records: RecordWrites;
};

/** A hook's writes of other records (see `HookBase.records`); each returns the stored rows. */
export type RecordWrites = {
  create(collection: string, data: Record<string, unknown>): Promise<Row>;
  /**
   * Creates many records of one collection at once (a payroll run's payslips): each is
   * validated and goes through the workflow and the before-hooks, then all are inserted, then
   * the after-hooks run and the audit records are written. A before-hook does not see the other
   * rows of the same call in the table.
   */
  createMany(collection: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<Row[]>;
  update(collection: string, id: string, data: Record<string, unknown>): Promise<Row>;
  /** Deletes a record with the relation rules of what points at it (cascades, refusals). */
  delete(collection: string, id: string): Promise<void>;
};

/**
 * The context of each hook. `row` and `changes` are the columns about to be written and may be
 * changed in place; `record` is the stored row (after the write, or the one being deleted).
 */
export type HookContexts = {
  beforeCreate: HookBase & { row: Row };
  afterCreate: HookBase & { record: Row };
  beforeUpdate: HookBase & { changes: Row; previous: Row };
  afterUpdate: HookBase & { record: Row; previous: Row };
  /** `cascade`: deleted because a record it depends on is being deleted (not asked for itself). */
  beforeDelete: HookBase & { record: Row; cascade?: boolean };
  afterDelete: HookBase & { record: Row; cascade?: boolean };
};

export type HookName = keyof HookContexts;

/**
 * A read-only field the server fills in: `value` gets the record as it will be stored (the
 * previous row merged with the changes) and runs before the collection's before-hooks.
 */
export type ComputedField = {
  on: ReadonlyArray<'create' | 'update'>;
  value: (ctx: HookBase & { record: Row; previous: Row | null }) => Promise<unknown> | unknown;
};

/**
 * A condition a workflow move declares (`requires` in packages/schema), checked by its area in
 * the move's transaction: it throws the refusal when the condition does not hold.
 */
export type MoveRequirement = (ctx: {
  tx: Queryable;
  /** The record as it will be stored. */
  record: Row;
  request: RequestInfo;
}) => Promise<void>;

/** One area's rules for one collection. Every hook runs inside the change's transaction. */
export type CollectionHooks = {
  [K in HookName]?: (ctx: HookContexts[K]) => Promise<void>;
} & {
  computed?: Record<string, ComputedField>;
  /** The rule set's name ('finance/donations'): its place in the declared hook order. */
  name?: string;
};

/**
 * The order of the rule sets of each collection that more than one module holds rules for, by
 * their names (`CollectionHooks.name`), first to run first.
 */
export type HookOrder = Readonly<Record<string, readonly string[]>>;

/**
 * Area rules, registered per collection. The record engine calls `run` around every create,
 * update and delete (batch requests, imports and cascaded deletes included); a hook that throws
 * rolls the whole change back, so an `ApiError` thrown there reaches the client as is.
 *
 * Given an `order`, a collection's rule sets run in the order it declares, any set it does not
 * place after those, in registration order (as all run without an order); `checkOrder` refuses a
 * collection with several sets that are not all placed.
 */
export class HookRegistry {
  private readonly hooks = new Map<string, Array<{ name: string; hooks: CollectionHooks }>>();
  private readonly requirements = new Map<string, MoveRequirement>();

  constructor(
    readonly registry: CollectionRegistry,
    private readonly order?: HookOrder,
  ) {}

  /**
   * Adds a rule set for a collection; its `name` places it in the declared order when the
   * collection has more than one.
   */
  on(collectionName: string, hooks: CollectionHooks): this {
    const collection = this.registry.get(collectionName);
    if (!collection) throw new Error(`hooks for an unknown collection "${collectionName}"`);
    for (const name of Object.keys(hooks.computed ?? {})) {
      // Only fields clients cannot write may be computed, or the two would overwrite each other.
      if (!collection.field(name)?.readOnly)
        throw new Error(`computed field ${collectionName}.${name} must be declared readOnly`);
    }
    const list = [...(this.hooks.get(collection.name) ?? []), { name: hooks.name ?? '', hooks }];
    const declared = this.order?.[collection.name] ?? [];
    const place = (name: string) =>
      declared.includes(name) ? declared.indexOf(name) : declared.length;
    // A stable sort: the sets without a declared place keep their registration order.
    list.sort((a, b) => place(a.name) - place(b.name));
    this.hooks.set(collection.name, list);
    return this;
  }

  /** Refuses a collection with several rule sets whose order is not all declared. */
  checkOrder(): void {
    for (const [collection, list] of this.hooks) {
      if (list.length < 2) continue;
      const declared = this.order?.[collection] ?? [];
      const unplaced = list.filter((set) => !declared.includes(set.name));
      if (unplaced.length)
        throw new Error(
          `${collection} has several rule sets: declare the place of ${unplaced.map((set) => `"${set.name}"`).join(', ')} in the hook order`,
        );
    }
  }

  /** Gives the check behind a workflow move's declared condition (`requires: ['bills']`). */
  requires(collectionName: string, condition: string, check: MoveRequirement): this {
    if (!this.registry.get(collectionName))
      throw new Error(`a requirement for an unknown collection "${collectionName}"`);
    this.requirements.set(`${collectionName}:${condition}`, check);
    return this;
  }

  /** The check registered for a move's condition, if any. */
  requirement(collectionName: string, condition: string): MoveRequirement | undefined {
    return this.requirements.get(`${collectionName}:${condition}`);
  }

  /** Runs every hook `name` of the context's collection, in registration order. */
  async run<K extends HookName>(name: K, ctx: HookContexts[K]): Promise<void> {
    const list = this.hooks.get(ctx.collection.name);
    if (!list) return;
    if (name === 'beforeCreate' || name === 'beforeUpdate')
      await this.compute(list, ctx as HookContexts['beforeCreate'] | HookContexts['beforeUpdate']);
    for (const { hooks } of list) {
      const hook = hooks[name] as ((c: HookContexts[K]) => Promise<void>) | undefined;
      if (hook) await hook(ctx);
    }
  }

  private async compute(
    list: ReadonlyArray<{ hooks: CollectionHooks }>,
    ctx: HookContexts['beforeCreate'] | HookContexts['beforeUpdate'],
  ): Promise<void> {
    const creating = 'row' in ctx;
    const target = creating ? ctx.row : ctx.changes;
    const previous = creating ? null : ctx.previous;
    for (const { hooks } of list) {
      for (const [field, computed] of Object.entries(hooks.computed ?? {})) {
        if (!computed.on.includes(creating ? 'create' : 'update')) continue;
        target[field] = await computed.value({
          tx: ctx.tx,
          collection: ctx.collection,
          request: ctx.request,
          records: ctx.records,
          record: { ...(previous ?? {}), ...target },
          previous,
        });
      }
    }
  }
}
