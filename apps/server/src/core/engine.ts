import type { Database } from '../db/database';
import type { FileStorage } from '../tools/filesystem/storage';
import type { CollectionRegistry } from './collection-model';
import type { HookRegistry } from './hooks';
import type { Row } from './record-export';

/** A change that committed, for realtime subscribers. */
export type RecordEvent = {
  action: 'create' | 'update' | 'delete';
  collection: string;
  /** The stored row after the change (before it, for deletes). */
  row: Row;
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
  /** Area rules per collection, run inside each change's transaction (see domain/index.ts). */
  hooks: HookRegistry;
  /** Called after a transaction commits, once per changed record. */
  publish: (event: RecordEvent) => void;
  /** Current-password checks when an account changes its own (absent when rate limits are off). */
  oldPasswordAttempts?: AttemptLimiter;
};
