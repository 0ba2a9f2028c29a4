import type { Database, Queryable } from '../db/database';
import type { FileStorage } from '../tools/filesystem/storage';
import type { CollectionRegistry, Collection } from './collection-model';
import type { Row } from './record-export';
import type { RequestInfo } from './request-info';

/** A change that committed, for realtime subscribers. */
export type RecordEvent = {
  action: 'create' | 'update' | 'delete';
  collection: string;
  /** The stored row after the change (before it, for deletes). */
  row: Row;
};

/** Domain rules hook in here; each runs inside the change's transaction. */
export type RecordHooks = {
  beforeDelete?: (ctx: {
    tx: Queryable;
    collection: Collection;
    row: Row;
    request: RequestInfo;
  }) => Promise<void>;
  beforeSave?: (ctx: {
    tx: Queryable;
    collection: Collection;
    action: 'create' | 'update';
    row: Row;
    previous: Row | null;
    request: RequestInfo;
  }) => Promise<void>;
};

export type EngineConfig = {
  defaultPassword: string;
  appUrl: string;
};

/** Counts attempts per key within a time window (e.g. current-password checks per account). */
export type AttemptLimiter = {
  /** Counts one attempt for the key; false once the key is over its budget for the window. */
  attempt(key: string): Promise<boolean>;
};

/** Everything the record engine needs, built once per app. */
export type Engine = {
  db: Database;
  registry: CollectionRegistry;
  storage: FileStorage;
  config: EngineConfig;
  hooks: RecordHooks;
  /** Called after a transaction commits, once per changed record. */
  publish: (event: RecordEvent) => void;
  /** Current-password checks when an account changes its own (absent when rate limits are off). */
  oldPasswordAttempts?: AttemptLimiter;
};
