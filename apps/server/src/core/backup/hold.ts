import type { FileStorage } from '../../tools/filesystem/storage';

/** Storage whose deletions can be held back while a backup copies files. */
export type HoldableStorage = FileStorage & {
  /** Defers every delete until the returned release runs (holds nest). */
  hold(): () => Promise<void>;
};

/**
 * Stored files are never rewritten (each upload gets a new name), only added and deleted. A
 * backup reads its rows in one snapshot and copies the files afterwards; deferring deletions
 * meanwhile keeps every file that snapshot references on disk until it is copied.
 */
export function createHoldableStorage(inner: FileStorage): HoldableStorage {
  let holds = 0;
  let deferred: Array<() => Promise<void>> = [];
  const deleteLater = (job: () => Promise<void>): Promise<void> => {
    if (holds === 0) return job();
    deferred.push(job);
    return Promise.resolve();
  };
  return {
    ...inner,
    delete: (key) => deleteLater(() => inner.delete(key)),
    deletePrefix: (prefix) => deleteLater(() => inner.deletePrefix(prefix)),
    hold: () => {
      holds += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const jobs = deferred;
        deferred = [];
        for (const job of jobs) await job().catch(() => {});
      };
    },
  };
}
