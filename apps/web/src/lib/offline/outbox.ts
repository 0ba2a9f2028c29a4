import { toAppError } from '../errors';
import { idbAdd, idbAllBy, idbDelete, idbGet, idbPut } from './idb';

/**
 * The outbox: changes a person made while the server could not be reached (a timeline post with
 * photos, hours, an activity's report, an expense with its receipt), kept in IndexedDB (idb.ts,
 * store `outbox`) until they are sent.
 *
 * - Each change gets its `Idempotency-Key` when it is queued, and keeps it on every retry: the
 *   server writes a change once however often its request is sent (a retry after a lost answer
 *   gets the first answer back).
 * - Changes belong to the account that made them. They are listed, sent, changed and discarded
 *   only for that account; signing out keeps them (they are someone's work), and another account
 *   never sees them.
 * - They are sent in the order they were made; a change that cannot be sent for want of a network
 *   (or a server error) stops the run and is tried again later, so nothing is sent before it.
 * - A change the server refuses (a 4xx: a rule, a permission, a record changed or deleted) stays,
 *   with the server's reason, until the person fixes and resends it or discards it. Nothing is
 *   dropped without the person's word.
 */

export type OutboxState = 'waiting' | 'sending' | 'refused';

/**
 * A large file's upload in pieces (resumable-upload.ts): its id on the server and how many bytes
 * the server has of it.
 */
export type UploadProgress = { id: string; received: number };

/** Bytes of a file still to send: all of it, less what the server has of its upload. */
export function bytesLeft(file: Pick<OutboxFile, 'blob' | 'upload'>): number {
  return file.blob.size - Math.min(file.upload?.received ?? 0, file.blob.size);
}

/** A file of a queued change, kept as a Blob. */
export type OutboxFile = {
  field: string;
  name: string;
  type: string;
  blob: Blob;
  /** A large file's upload in pieces, as far as it came (resumable-upload.ts). */
  upload?: UploadProgress;
};

export type OutboxItem = {
  /** Given by the database, increasing: the order the changes were made in. */
  seq: number;
  /** `employees:<id>` or `users:<id>`. */
  account: string;
  /** The Idempotency-Key sent with every try of this change. */
  key: string;
  collection: string;
  /** The record changed; none for a new record. */
  recordId?: string;
  /**
   * For a change to a record: its `updated` as the person last saw it. Sent as `If-Match`, so the
   * server refuses the change (412) when someone changed the record meanwhile, instead of
   * overwriting their change unseen.
   */
  version?: string;
  /** The change's values other than files (JSON). */
  body: Record<string, unknown>;
  files: OutboxFile[];
  /** What the person sees in the outbox (the form's title). */
  label: string;
  /** The labels of its fields, in the person's language when it was made (Fix and resend). */
  texts?: Record<string, string>;
  /** Collections whose screens show this change, refreshed once it is sent. */
  refresh?: string[];
  state: OutboxState;
  /** The server's reason for a refusal, in the person's language. */
  reason?: string;
  /** The server's messages per field for a refusal. */
  fieldErrors?: Record<string, string>;
  status?: number;
  createdAt: number;
  attempts: number;
  /** Bytes to send: the JSON values and the files, less what the server has of their uploads. */
  bytes: number;
};

export type NewChange = {
  collection: string;
  recordId?: string;
  /** The record's `updated` when the person opened it (see OutboxItem.version). */
  version?: string;
  /** Values; a File or Blob (or an array of them) is a file field. */
  body: Record<string, unknown>;
  label: string;
  texts?: Record<string, string>;
  refresh?: string[];
  /** The key already used for a first try that got no answer; a new one otherwise. */
  key?: string;
};

/** Sends one change with its key; resolves with the saved record, rejects with the SDK's error. */
export type OutboxSend = (item: OutboxItem) => Promise<unknown>;

export type FlushResult = {
  sent: number;
  refused: number;
  /** A change could not be sent for want of a network or a server error: try again later. */
  stopped: boolean;
};

/**
 * How much may wait for one account on a device: 100 MB (photos are made smaller first, so this
 * is hundreds of them) and 500 changes. Past it a change is refused, not queued: the browser's
 * storage is not endless, and what waits must still be sent over a poor connection.
 */
export const OUTBOX_LIMITS = { bytes: 100 * 1024 * 1024, count: 500 };
export type OutboxLimits = typeof OUTBOX_LIMITS;

/** A change that would take the outbox past its limits; nothing was queued. */
export class OutboxFullError extends Error {
  constructor(readonly limits: OutboxLimits) {
    super('The outbox is full');
    this.name = 'OutboxFullError';
  }
}

/** A random key (the server accepts 1 to 255 visible ASCII characters). */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, is there on plain http (a server on the local network).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const isBlob = (value: unknown): value is Blob =>
  typeof Blob !== 'undefined' && value instanceof Blob;

/** A change's values split into JSON values and files. */
export function splitFiles(body: Record<string, unknown>): {
  json: Record<string, unknown>;
  files: OutboxFile[];
} {
  const json: Record<string, unknown> = {};
  const files: OutboxFile[] = [];
  for (const [field, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 0 && values.every(isBlob)) {
      for (const blob of values as Blob[])
        files.push({
          field,
          name: blob instanceof File ? blob.name : 'file',
          type: blob.type,
          blob,
        });
    } else if (Array.isArray(value) && value.length === 0 && field.endsWith('+')) {
      // "Add no files": nothing to send.
    } else {
      json[field] = value;
    }
  }
  return { json, files };
}

/** The values to send again, with the kept files as File objects (the SDK sends them multipart). */
export function bodyOf(item: Pick<OutboxItem, 'body' | 'files'>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...item.body };
  for (const file of item.files) {
    const list = (body[file.field] as unknown[] | undefined) ?? [];
    list.push(new File([file.blob], file.name, { type: file.type }));
    body[file.field] = list;
  }
  return body;
}

export function bytesOf(item: Pick<OutboxItem, 'body' | 'files'>): number {
  return (
    new TextEncoder().encode(JSON.stringify(item.body)).length +
    item.files.reduce((sum, file) => sum + bytesLeft(file), 0)
  );
}

/**
 * Whether a failed send should be tried again later (no network, a server error, the session
 * ended) or is the server's refusal of this change.
 */
export function isRetryable(error: unknown): boolean {
  const { status } = toAppError(error);
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

export type Outbox = {
  /** Queues a change; throws OutboxFullError when it would take the outbox past its limits. */
  enqueue(account: string, change: NewChange): Promise<OutboxItem>;
  /** The account's changes, oldest first. */
  list(account: string): Promise<OutboxItem[]>;
  /** Sends the account's waiting changes in order; one run at a time. */
  flush(account: string): Promise<FlushResult>;
  /**
   * Changes a refused change's values and puts it back to wait (Fix and resend); `version`, the
   * record's current `updated`, makes a change refused because the record changed meanwhile
   * overwrite that record as it is now.
   */
  resend(
    account: string,
    seq: number,
    body?: Record<string, unknown>,
    version?: string,
  ): Promise<void>;
  discard(account: string, seq: number): Promise<void>;
  /** Keeps how far a change's files came while it is sent (resumable-upload.ts). */
  saveFiles(account: string, seq: number, files: OutboxFile[]): Promise<void>;
  /** Told after any change of the outbox. */
  subscribe(listener: () => void): () => void;
  /** Whether a run is sending the account's changes now. */
  running(account: string): boolean;
};

export function createOutbox(options: {
  send: OutboxSend;
  /** Told of each change the server accepted. */
  onSent?: (item: OutboxItem, saved: unknown) => void;
  limits?: OutboxLimits;
}): Outbox {
  const limits = options.limits ?? OUTBOX_LIMITS;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const running = new Map<string, Promise<FlushResult>>();

  const own = async (account: string, seq: number) => {
    const item = await idbGet<OutboxItem>('outbox', seq);
    return item && item.account === account ? item : undefined;
  };

  const list = async (account: string) =>
    (await idbAllBy<OutboxItem>('outbox', 'account', account)).sort((a, b) => a.seq - b.seq);

  /**
   * A person's later changes to the record just changed were made from the same version as this
   * one: they now follow this change, not someone else's, so they name the version it made.
   */
  const carryVersion = async (sent: OutboxItem, saved: unknown) => {
    const made = (saved as { updated?: unknown } | null)?.updated;
    if (!sent.recordId || !sent.version || typeof made !== 'string') return;
    for (const later of await list(sent.account))
      if (
        later.seq > sent.seq &&
        later.collection === sent.collection &&
        later.recordId === sent.recordId &&
        later.version === sent.version
      )
        await idbPut('outbox', { ...later, version: made });
  };

  const run = async (account: string): Promise<FlushResult> => {
    const result: FlushResult = { sent: 0, refused: 0, stopped: false };
    // Re-read after each send: a change queued or discarded meanwhile is seen.
    for (;;) {
      const next = (await list(account)).find((item) => item.state !== 'refused');
      if (!next) return result;
      // 'sending' is shown while it runs; a tab closed now leaves it 'sending', and the next
      // run sends it again under the same key.
      await idbPut('outbox', { ...next, state: 'sending', attempts: next.attempts + 1 });
      changed();
      try {
        const saved = await options.send(next);
        await idbDelete('outbox', next.seq);
        await carryVersion(next, saved);
        result.sent += 1;
        changed();
        options.onSent?.(next, saved);
      } catch (error) {
        const current = await own(account, next.seq);
        if (isRetryable(error)) {
          if (current) await idbPut('outbox', { ...current, state: 'waiting' });
          changed();
          result.stopped = true;
          return result;
        }
        const refusal = toAppError(error);
        if (current)
          await idbPut('outbox', {
            ...current,
            state: 'refused',
            reason: refusal.message,
            fieldErrors: refusal.fieldErrors,
            status: refusal.status,
          });
        result.refused += 1;
        changed();
      }
    }
  };

  return {
    async enqueue(account, change) {
      const { json, files } = splitFiles(change.body);
      const item: Omit<OutboxItem, 'seq'> = {
        account,
        key: change.key ?? newIdempotencyKey(),
        collection: change.collection,
        ...(change.recordId ? { recordId: change.recordId } : {}),
        ...(change.recordId && change.version ? { version: change.version } : {}),
        body: json,
        files,
        label: change.label,
        ...(change.refresh?.length ? { refresh: change.refresh } : {}),
        ...(change.texts ? { texts: change.texts } : {}),
        state: 'waiting',
        createdAt: Date.now(),
        attempts: 0,
        bytes: 0,
      };
      item.bytes = bytesOf(item);
      const waiting = await list(account);
      if (
        waiting.length + 1 > limits.count ||
        waiting.reduce((sum, kept) => sum + kept.bytes, 0) + item.bytes > limits.bytes
      )
        throw new OutboxFullError(limits);
      const seq = (await idbAdd('outbox', item)) as number;
      changed();
      return { ...item, seq };
    },
    list,
    flush(account) {
      const current = running.get(account);
      if (current) return current;
      const started = run(account).finally(() => running.delete(account));
      running.set(account, started);
      return started;
    },
    async resend(account, seq, body, version) {
      const item = await own(account, seq);
      if (!item) return;
      const next: OutboxItem = {
        ...item,
        ...(version ? { version } : {}),
        body: body ? { ...item.body, ...body } : item.body,
        state: 'waiting',
        reason: undefined,
        fieldErrors: undefined,
        status: undefined,
      };
      // The server kept no key for a refused change, so the same key serves the fixed one.
      next.bytes = bytesOf(next);
      await idbPut('outbox', next);
      changed();
    },
    async discard(account, seq) {
      if (!(await own(account, seq))) return;
      await idbDelete('outbox', seq);
      changed();
    },
    async saveFiles(account, seq, files) {
      const item = await own(account, seq);
      if (!item) return;
      const next: OutboxItem = { ...item, files };
      next.bytes = bytesOf(next);
      await idbPut('outbox', next);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    running: (account) => running.has(account),
  };
}
