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
};
