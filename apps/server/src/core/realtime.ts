import { parseFields, pickFields } from '../tools/picker/fields';
import { newClientId } from '../tools/security/random';
import { decideAccess } from './access';
import { buildAuthState, isActiveAccount } from './auth';
import { q, type Collection } from './collection-model';
import type { Engine, RecordEvent } from './engine';
import { ApiError, badRequest, forbidden } from './errors';
import type { PeerCalls } from './peer-calls';
import { exportRows } from './audit-values';
import { expandRecords } from './expand';
import { compileFilter } from './filter/compile';
import { SqlParams } from './filter/params';
import type { Row } from './record-export';
import type { AuthState, RequestInfo } from './request-info';
import type { FieldError } from './values';

/** The NOTIFY channel every server process listens on (PostgreSQL). */
export const REALTIME_CHANNEL = 'bo_events';

export const IDLE_TIMEOUT_MS = 5 * 60_000;
export const MAX_LIFETIME_MS = 30 * 60_000;
/** Stored events older than this are deleted (they only need to outlive the NOTIFY). */
const EVENT_RETENTION = '1 minute';
const CLEANUP_EVERY_MS = 30_000;
/** Most events stored by one statement. */
const STORE_BATCH = 500;
/** A client that stops reading is dropped once this much output waits for it. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

export const MAX_SUBSCRIPTIONS = 1000;
export const MAX_SUBSCRIPTION_LENGTH = 2500;
export const MAX_CLIENT_ID_LENGTH = 255;

/** Where a client's event stream is written (the HTTP response, in the route). */
export type RealtimeSink = {
  write(chunk: string): void;
  /** Ends the stream; called once. */
  end(): void;
  /** Bytes written but not yet sent, when known. */
  pending?(): number;
};

/** `options` of a subscription: they become `@request.query.*` / `@request.headers.*`. */
export type SubscriptionOptions = {
  query: Record<string, string>;
  headers: Record<string, string>;
};

type Subscription = {
  /** The exact string the client sent: the event name of its messages. */
  name: string;
  /** The collection of a record topic, or null for a custom topic. */
  collection: string | null;
  /** `*` for the whole collection, else a record id (custom topics: the whole topic). */
  target: string;
  options: SubscriptionOptions;
};

type Client = {
  id: string;
  ip: string;
  sink: RealtimeSink;
  auth: AuthState | null;
  subscriptions: Map<string, Subscription>;
  idleTimer: ReturnType<typeof setTimeout> | null;
  lifeTimer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
};

export type SubscribeForm = { clientId: string; subscriptions: string[] };

export type RealtimeHubOptions = {
  idleTimeoutMs?: number;
  maxLifetimeMs?: number;
  log?: (message: string, err: unknown) => void;
};

/** Realtime clients of this process and the delivery of record events to them. */
export type RealtimeHub = {
  /** Registers a client, sends it `PB_CONNECT` and returns its id. */
  connect(ip: string, sink: RealtimeSink): string;
  /** Forgets a client whose connection ended. */
  disconnect(clientId: string): void;
  /**
   * `POST /api/realtime`: replaces the client's subscriptions and stores the request's auth. The
   * client may be connected to another process (WORKERS): that process is asked to do it.
   */
  subscribe(form: SubscribeForm, auth: AuthState | null, ip: string): Promise<void>;
  /** Answers the other processes' subscriptions for this process's clients (WORKERS). */
  shareWith(peers: PeerCalls): void;
  /** Publishes a committed change to every process's subscribers (called by the engine). */
  publish(event: RecordEvent): void;
  /** Delivers one event to the subscribers of this process. */
  deliver(event: RecordEvent): Promise<void>;
  /** Sends a message to this process's clients subscribed to a custom topic. */
  sendToTopic(topic: string, data: unknown): void;
  /** Starts receiving events published by other processes (PostgreSQL). */
  start(): Promise<void>;
  /** Ends every connection and stops listening. */
  close(): Promise<void>;
  clientCount(): number;
};

/** One Server-Sent Event as PocketBase writes it. */
export function formatMessage(clientId: string, name: string, data: string): string {
  return `id:${clientId}\nevent:${name}\ndata:${data}\n\n`;
}

function lengthError(min: number, max: number): FieldError {
  if (min > 0) {
    return {
      code: 'validation_length_out_of_range',
      message: `The length must be between ${min} and ${max}.`,
      params: { max, min },
    };
  }
  return {
    code: 'validation_length_too_long',
    message: `The length must be no more than ${max}.`,
    params: { max, min },
  };
}

/**
 * Reads and validates the body of `POST /api/realtime`. Values of the wrong type are a load
 * error (400, no field errors); limits give 400 with field errors.
 */
export function parseSubscribeForm(body: Record<string, unknown>): SubscribeForm {
  const rawId = body.clientId ?? '';
  if (typeof rawId !== 'string') throw badRequest();
  const rawSubs = body.subscriptions ?? [];
  // A form with a single `subscriptions` value carries a string, not a list.
  const subs = typeof rawSubs === 'string' ? [rawSubs] : rawSubs;
  if (!Array.isArray(subs) || subs.some((s) => typeof s !== 'string')) throw badRequest();
  const subscriptions = subs as string[];

  const errors: ApiError['data'] = {};
  const idLength = [...rawId].length;
  if (idLength === 0)
    errors.clientId = { code: 'validation_required', message: 'Cannot be blank.' };
  else if (idLength > MAX_CLIENT_ID_LENGTH) errors.clientId = lengthError(1, MAX_CLIENT_ID_LENGTH);
  if (subscriptions.length > MAX_SUBSCRIPTIONS) {
    errors.subscriptions = lengthError(0, MAX_SUBSCRIPTIONS);
  } else {
    const each: Record<string, FieldError> = {};
    subscriptions.forEach((s, i) => {
      if ([...s].length > MAX_SUBSCRIPTION_LENGTH)
        each[String(i)] = lengthError(0, MAX_SUBSCRIPTION_LENGTH);
    });
    if (Object.keys(each).length) errors.subscriptions = each;
  }
  if (Object.keys(errors).length) throw badRequest(undefined, errors);
  return { clientId: rawId, subscriptions };
}

/** `X-Token` → `x_token`, `fooBar` → `foo_bar`. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/\W+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** Options values are stringified like PocketBase's `cast.ToString`. */
function optionValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function readOptions(raw: unknown, rename: (key: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = rename(key);
    if (name) out[name] = optionValue(value);
  }
  return out;
}

/** Splits `<topic>?options=<urlencoded JSON>` into the topic and its options. */
export function parseSubscription(name: string): { topic: string; options: SubscriptionOptions } {
  const mark = name.indexOf('?');
  const topic = mark < 0 ? name : name.slice(0, mark);
  const options: SubscriptionOptions = { query: {}, headers: {} };
  if (mark < 0) return { topic, options };
  let parsed: unknown = null;
  try {
    const raw = new URLSearchParams(name.slice(mark + 1)).get('options');
    if (raw) parsed = JSON.parse(raw);
  } catch {
    // Unreadable options are ignored, as PocketBase does.
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const { query, headers } = parsed as { query?: unknown; headers?: unknown };
    options.query = readOptions(query, (k) => k);
    options.headers = readOptions(headers, snakeCase);
  }
  return { topic, options };
}

type Topic = { collection: string | null; target: string };

/** A subscription sent on to the process that holds the client, and its answer. */
type ForwardedSubscription = {
  form: SubscribeForm;
  ip: string;
  auth: { collection: string; id: string; tokenKey: string } | null;
};
type ForwardedAnswer = { status: number; message: string };

const UNKNOWN_CLIENT = 'Missing or invalid client id.';

export function createRealtimeHub(
  engine: Engine,
  hubOptions: RealtimeHubOptions = {},
): RealtimeHub {
  const idleTimeout = hubOptions.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const maxLifetime = hubOptions.maxLifetimeMs ?? MAX_LIFETIME_MS;
  const log = hubOptions.log ?? (() => {});
  const { db, registry } = engine;
  const clients = new Map<string, Client>();
  const shared = db.kind === 'postgres';
  // Events are handled one after the other so that each client gets them in commit order.
  let deliveries: Promise<void> = Promise.resolve();
  let publishes: Promise<void> = Promise.resolve();
  /** Events waiting to be stored (PostgreSQL); a store is scheduled whenever this is non-empty. */
  const queuedEvents: RecordEvent[] = [];
  let lastCleanup = 0;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  /** The other server processes (WORKERS on PostgreSQL), once shared with. */
  let peers: PeerCalls | null = null;

  const enqueue = (task: () => Promise<void>): void => {
    deliveries = deliveries
      .then(task)
      .catch((err: unknown) => log('realtime delivery failed', err));
  };

  function resolveTopic(topic: string): Topic {
    const slash = topic.indexOf('/');
    // `<collection>` alone is the deprecated form of `<collection>/*`.
    const head = slash < 0 ? topic : topic.slice(0, slash);
    const target = slash < 0 ? '*' : topic.slice(slash + 1);
    const collection = registry.get(head);
    if (!collection || target === '') return { collection: null, target: topic };
    return { collection: collection.name, target };
  }

  function endClient(client: Client): void {
    if (client.closed) return;
    client.closed = true;
    if (client.idleTimer) clearTimeout(client.idleTimer);
    if (client.lifeTimer) clearTimeout(client.lifeTimer);
    client.idleTimer = null;
    client.lifeTimer = null;
    clients.delete(client.id);
    try {
      client.sink.end();
    } catch (err) {
      log('realtime stream end failed', err);
    }
  }

  function armIdle(client: Client): void {
    if (client.idleTimer) clearTimeout(client.idleTimer);
    client.idleTimer = setTimeout(() => endClient(client), idleTimeout);
    client.idleTimer.unref?.();
  }

  function send(client: Client, chunk: string): void {
    if (client.closed) return;
    if ((client.sink.pending?.() ?? 0) > MAX_PENDING_BYTES) {
      endClient(client);
      return;
    }
    try {
      client.sink.write(chunk);
    } catch (err) {
      log('realtime write failed', err);
      endClient(client);
      return;
    }
    armIdle(client);
  }

  /**
   * The client's account as it is now: dropped (guest) when it was deleted, its token key
   * rotated or it may no longer sign in; otherwise with freshly loaded permissions.
   */
  async function currentAuth(
    client: Client,
    memo: Map<string, Promise<AuthState | null>>,
  ): Promise<AuthState | null> {
    const stored = client.auth;
    if (!stored) return null;
    const key = `${stored.collection.id}/${String(stored.record.id)}/${String(stored.record.tokenKey)}`;
    let pending = memo.get(key);
    if (!pending) {
      pending = accountOf({
        collection: stored.collection.name,
        id: String(stored.record.id),
        tokenKey: String(stored.record.tokenKey),
      });
      memo.set(key, pending);
    }
    const fresh = await pending;
    // A subscription request may have replaced the auth meanwhile; that one wins.
    if (client.auth === stored) client.auth = fresh;
    // Accounts that must change their password act only on their own record, not here.
    return fresh?.record.mustChangePassword === true ? null : fresh;
  }

  /** Whether the subscriber may receive this event: the list/view access, then its own filter. */
  async function canReceive(
    collection: Collection,
    event: RecordEvent,
    access: 'list' | 'view',
    info: RequestInfo,
  ): Promise<boolean> {
    const decision = decideAccess(collection, access, info);
    if (decision.kind === 'deny') return false;
    const params = new SqlParams(1);
    const conditions: string[] = [];
    const compile = (filter: string, mode: 'rule' | 'client') =>
      compileFilter(filter, { registry, collection, alias: 't', request: info, mode, params });
    try {
      if (decision.kind === 'rule') conditions.push(compile(decision.rule, 'rule'));
      const filter = info.query.filter;
      if (filter && filter.trim() !== '') conditions.push(compile(filter, 'client'));
    } catch {
      // A filter that does not compile (or may not be used by clients) matches nothing.
      return false;
    }
    if (conditions.length === 0) return true;
    // Rules are checked against the row as the change left it: a deleted row is gone from its
    // table, and by the time an event is delivered (from another process too) the stored row may
    // have changed again or be deleted, which would drop or leak the message.
    const from = `jsonb_populate_record(NULL::${q(collection.table)}, $1::jsonb) t`;
    try {
      const { rows } = await db.query(`SELECT 1 FROM ${from} WHERE ${conditions.join(' AND ')}`, [
        JSON.stringify(event.row),
        ...params.values,
      ]);
      return rows.length > 0;
    } catch (err) {
      log('realtime access check failed', err);
      return false;
    }
  }

  async function recordFor(collection: Collection, row: Row, info: RequestInfo): Promise<unknown> {
    const [json] = await exportRows(db, registry, collection, [row], info);
    const expand = info.query.expand;
    if (expand) await expandRecords(engine, collection, [row], [json], expand, info);
    const fields = info.query.fields;
    if (!fields) return json;
    try {
      const spec = parseFields(fields);
      return spec ? pickFields(json, spec) : json;
    } catch {
      // Invalid `fields` options are ignored, like PocketBase.
      return json;
    }
  }

  async function deliver(event: RecordEvent): Promise<void> {
    const collection = registry.get(event.collection);
    if (!collection || clients.size === 0) return;
    const recordId = String(event.row.id);
    const targets: Array<{
      client: Client;
      subs: Array<{ sub: Subscription; access: 'list' | 'view' }>;
    }> = [];
    for (const client of clients.values()) {
      const subs: Array<{ sub: Subscription; access: 'list' | 'view' }> = [];
      for (const sub of client.subscriptions.values()) {
        if (sub.collection !== collection.name) continue;
        if (sub.target === '*') subs.push({ sub, access: 'list' });
        else if (sub.target === recordId) subs.push({ sub, access: 'view' });
      }
      if (subs.length) targets.push({ client, subs });
    }
    if (targets.length === 0) return;

    const memo = new Map<string, Promise<AuthState | null>>();
    // Every client's messages are prepared first, then written in one go, in client order.
    const prepared = await Promise.all(
      targets.map(async ({ client, subs }) => {
        const messages: string[] = [];
        try {
          const auth = await currentAuth(client, memo);
          for (const { sub, access } of subs) {
            const info: RequestInfo = {
              auth,
              method: 'GET',
              context: 'realtime',
              query: sub.options.query,
              headers: sub.options.headers,
              body: {},
            };
            if (!(await canReceive(collection, event, access, info))) continue;
            const record = await recordFor(collection, event.row, info);
            messages.push(
              formatMessage(client.id, sub.name, JSON.stringify({ record, action: event.action })),
            );
          }
        } catch (err) {
          log('realtime message failed', err);
        }
        return { client, messages };
      }),
    );
    for (const { client, messages } of prepared) {
      for (const message of messages) send(client, message);
    }
  }

  /**
   * Stores events and announces each id, all in one statement: ids (and NOTIFYs) follow the
   * order of `events`. Other processes load each event by its id.
   */
  async function storeAndNotify(events: RecordEvent[]): Promise<void> {
    const payloads = events.map((event) =>
      JSON.stringify({ action: event.action, collection: event.collection, row: event.row }),
    );
    await db.query(
      `WITH e AS (INSERT INTO "_events" ("payload") SELECT u.p FROM unnest($1::jsonb[]) WITH ORDINALITY AS u(p, n) ORDER BY u.n RETURNING "id") ` +
        `SELECT pg_notify($2, e."id"::text) FROM (SELECT "id" FROM e ORDER BY "id") e`,
      [payloads, REALTIME_CHANNEL],
    );
    const now = Date.now();
    if (now - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = now;
      await db.query(
        `DELETE FROM "_events" WHERE "created" < now() - interval '${EVENT_RETENTION}'`,
      );
    }
  }

  /** Stores the queued events, a batch per statement, until none are left. */
  async function storeQueued(): Promise<void> {
    while (queuedEvents.length > 0) {
      const batch = queuedEvents.splice(0, STORE_BATCH);
      try {
        await storeAndNotify(batch);
      } catch (err) {
        log('realtime publish failed', err);
      }
    }
  }

  async function loadAndDeliver(id: string): Promise<void> {
    // Nobody here listens for record events: nothing to load.
    if (![...clients.values()].some((c) => c.subscriptions.size > 0)) return;
    const { rows } = await db.query<{
      payload: { action: RecordEvent['action']; collection: string; row: Row };
    }>(`SELECT "payload" FROM "_events" WHERE "id" = $1`, [id]);
    const payload = rows[0]?.payload;
    if (!payload) return;
    await deliver({ action: payload.action, collection: payload.collection, row: payload.row });
  }

  function subscribeHere(form: SubscribeForm, auth: AuthState | null, ip: string): void {
    const client = clients.get(form.clientId);
    if (!client || client.closed) throw new ApiError(404, UNKNOWN_CLIENT);
    if (client.ip !== ip) throw badRequest('Invalid realtime client.');
    // Only a guest may become an account; an account may not change into another (or a guest).
    const before = client.auth;
    if (
      before &&
      !(auth && auth.collection.id === before.collection.id && auth.record.id === before.record.id)
    ) {
      throw forbidden("The current and the previous request authorization don't match.");
    }
    client.auth = auth;
    client.subscriptions = new Map();
    for (const name of form.subscriptions) {
      if (name === '') continue;
      const { topic, options } = parseSubscription(name);
      const { collection, target } = resolveTopic(topic);
      client.subscriptions.set(name, { name, collection, target, options });
    }
  }

  /**
   * An account as it is now, from who it is: null when it has gone, its token was renewed or it
   * may no longer sign in. A forwarded subscription carries only this (the process that checked
   * the token sends who it was).
   */
  async function accountOf(
    auth: NonNullable<ForwardedSubscription['auth']>,
  ): Promise<AuthState | null> {
    const collection = registry.get(auth.collection);
    if (!collection) return null;
    const { rows } = await db.query<Row>(`SELECT * FROM ${q(collection.table)} WHERE "id" = $1`, [
      auth.id,
    ]);
    const row = rows[0];
    if (!row || row.tokenKey !== auth.tokenKey || !isActiveAccount(collection, row)) return null;
    return buildAuthState(db, collection, row);
  }

  return {
    connect(ip, sink) {
      const client: Client = {
        id: newClientId(),
        ip,
        sink,
        auth: null,
        subscriptions: new Map(),
        idleTimer: null,
        lifeTimer: null,
        closed: false,
      };
      clients.set(client.id, client);
      client.lifeTimer = setTimeout(() => endClient(client), maxLifetime);
      client.lifeTimer.unref?.();
      send(client, formatMessage(client.id, 'PB_CONNECT', JSON.stringify({ clientId: client.id })));
      return client.id;
    },

    disconnect(clientId) {
      const client = clients.get(clientId);
      if (client) endClient(client);
    },

    async subscribe(form, auth, ip) {
      if (clients.has(form.clientId) || !peers) return subscribeHere(form, auth, ip);
      const forwarded: ForwardedSubscription = {
        form,
        ip,
        auth: auth && {
          collection: auth.collection.name,
          id: String(auth.record.id),
          tokenKey: String(auth.record.tokenKey),
        },
      };
      const answer = await peers.ask<ForwardedAnswer>('realtime.subscribe', forwarded);
      if (!answer) throw new ApiError(404, UNKNOWN_CLIENT);
      if (answer.status !== 204) throw new ApiError(answer.status, answer.message);
    },

    shareWith(calls) {
      peers = calls;
      calls.on('realtime.subscribe', async (payload) => {
        const { form, ip, auth } = payload as ForwardedSubscription;
        const client = clients.get(form.clientId);
        if (!client || client.closed) return undefined;
        try {
          subscribeHere(form, auth && (await accountOf(auth)), ip);
          return { status: 204, message: '' } satisfies ForwardedAnswer;
        } catch (err) {
          if (err instanceof ApiError)
            return { status: err.status, message: err.message } satisfies ForwardedAnswer;
          throw err;
        }
      });
    },

    publish(event) {
      if (closed) return;
      if (shared) {
        // Every process, this one included, delivers it when the NOTIFY arrives. Events published
        // while a store is under way go out together in the next one (one statement each, not
        // one per event), so the store keeps up with the writes.
        queuedEvents.push(event);
        if (queuedEvents.length > 1) return;
        publishes = publishes.then(storeQueued);
      } else {
        enqueue(() => deliver(event));
      }
    },

    deliver,

    sendToTopic(topic, data) {
      const encoded = JSON.stringify(data);
      for (const client of [...clients.values()]) {
        for (const sub of client.subscriptions.values()) {
          if (sub.collection === null && sub.target === topic)
            send(client, formatMessage(client.id, sub.name, encoded));
        }
      }
    },

    async start() {
      if (!shared || unlisten) return;
      unlisten = await db.listen(REALTIME_CHANNEL, (payload) => {
        if (!/^\d{1,19}$/.test(payload) || closed) return;
        enqueue(() => loadAndDeliver(payload));
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const client of [...clients.values()]) endClient(client);
      const stop = unlisten;
      unlisten = null;
      if (stop) await stop().catch((err: unknown) => log('realtime unlisten failed', err));
      await publishes;
      await deliveries;
    },

    clientCount: () => clients.size,
  };
}
