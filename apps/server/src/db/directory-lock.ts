/**
 * One process at a time on an embedded database directory: PGlite has no inter-process locking,
 * and two processes writing the same files corrupt them silently. The holder writes its pid into
 * `<dir>.lock`; a lock whose process is gone (killed, crashed) is stale and taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** Thrown when another live process holds the directory. */
export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${directory} is in use by another process (pid ${pid}). ` +
        'Only one process may open it at a time: stop that process first.',
    );
    this.name = 'DirectoryLockedError';
  }
}

export type DirectoryLock = { readonly file: string; release(): void };

/** Lock files this process holds (so its own pid in a lock file it does not hold means stale). */
const held = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function releaseAll(): void {
  for (const file of held) {
    try {
      if (readHolder(file) === process.pid) unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
  held.clear();
}

let exitHookInstalled = false;

/** Takes the lock on `directory`, or throws DirectoryLockedError naming the holder's pid. */
export function lockDirectory(directory: string): DirectoryLock {
  const file = `${directory}.lock`;
  if (held.has(file)) throw new DirectoryLockedError(directory, process.pid);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      // 'wx' creates the file only if it does not exist: atomic between processes.
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readHolder(file);
      // A pid mid-write reads as null: give the writer a moment before judging the file stale.
      if (pid === null && attempt < 2) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
      // Our own pid in a lock we do not hold is left from an earlier life (e.g. pid 1 in a container).
      if (pid !== null && pid !== process.pid && processIsAlive(pid))
        throw new DirectoryLockedError(directory, pid);
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first; the next attempt sees its lock.
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    held.add(file);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', releaseAll);
    }
    return {
      file,
      release: () => {
        if (!held.delete(file)) return;
        try {
          if (readHolder(file) === process.pid) unlinkSync(file);
        } catch {
          // Already gone.
        }
      },
    };
  }
  throw new Error(`Could not take the lock ${file}; remove it if no process uses ${directory}.`);
}
