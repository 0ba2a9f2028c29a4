// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not.)
import 'fake-indexeddb/auto';
import { ClientResponseError } from 'pocketbase';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb, idbClear } from './idb';
import { bodyOf, createOutbox, OUTBOX_LIMITS, OutboxFullError, type OutboxItem } from './outbox';

/** A server double: records each try (key and values) and answers as `answer` says. */
function server(answer: (item: OutboxItem, tries: number) => 'ok' | 'offline' | 500 | 403 | 400) {
  const tries: { key: string; label: string; body: Record<string, unknown> }[] = [];
  const written = new Map<string, unknown>();
  const send = async (item: OutboxItem) => {
    tries.push({ key: item.key, label: item.label, body: bodyOf(item) });
    const outcome = answer(item, tries.filter((t) => t.key === item.key).length);
    if (outcome === 'offline') throw new ClientResponseError({ status: 0 });
    if (outcome === 500) throw new ClientResponseError({ status: 500, data: { message: 'x' } });
    if (outcome === 403)
      throw new ClientResponseError({
        status: 403,
        data: { message: 'ليس لديك صلاحية لهذا الإجراء.' },
      });
    if (outcome === 400)
      throw new ClientResponseError({
        status: 400,
        data: { message: 'Failed.', data: { title: { message: 'Too short.' } } },
      });
    // The server writes a key once (idempotency): a second try replays.
    if (!written.has(item.key)) written.set(item.key, { id: `r${written.size + 1}` });
    return written.get(item.key);
  };
  return { send, tries, written };
}

const change = (label: string, extra: Record<string, unknown> = {}) => ({
  collection: 'activities_timelines',
  body: { activity: 'a1', title: label, post: '<p>x</p>', ...extra },
  label,
});

describe('the outbox', () => {
  beforeEach(async () => {
    await idbClear('outbox');
  });

  it('sends changes in the order they were made, and empties', async () => {
    const s = server(() => 'ok');
    const outbox = createOutbox({ send: s.send });
    for (const label of ['first', 'second', 'third'])
      await outbox.enqueue('employees:a', change(label));
    expect((await outbox.list('employees:a')).map((i) => i.state)).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ]);
    const result = await outbox.flush('employees:a');
    expect(result).toEqual({ sent: 3, refused: 0, stopped: false });
    expect(s.tries.map((t) => t.label)).toEqual(['first', 'second', 'third']);
    expect(await outbox.list('employees:a')).toEqual([]);
  });

  it('keeps a change and its key when the network fails, sends nothing after it, and writes it once', async () => {
    // The first try reaches the server but its answer is lost: the server wrote it.
    const s = server(() => 'ok');
    const lostAnswer = async (item: OutboxItem) => {
      const saved = await s.send(item);
      if (s.tries.length === 1) throw new ClientResponseError({ status: 0 });
      return saved;
    };
    const outbox = createOutbox({ send: lostAnswer });
    const a = await outbox.enqueue('employees:a', change('hours'));
    await outbox.enqueue('employees:a', change('post'));
    expect(await outbox.flush('employees:a')).toEqual({ sent: 0, refused: 0, stopped: true });
    // The second was not sent before the first.
    expect(s.tries.map((t) => t.label)).toEqual(['hours']);
    expect((await outbox.list('employees:a'))[0]).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(await outbox.flush('employees:a')).toEqual({ sent: 2, refused: 0, stopped: false });
    expect(s.tries.map((t) => t.key)).toEqual([a.key, a.key, expect.any(String)]);
    expect(s.tries[2].key).not.toBe(a.key);
    expect(s.written.size).toBe(2);
  });

  it('waits on a server error as on a lost network', async () => {
    let fail = true;
    const s = server(() => (fail ? 500 : 'ok'));
    const outbox = createOutbox({ send: s.send });
    await outbox.enqueue('employees:a', change('one'));
    expect((await outbox.flush('employees:a')).stopped).toBe(true);
    expect((await outbox.list('employees:a'))[0].state).toBe('waiting');
    fail = false;
    expect((await outbox.flush('employees:a')).sent).toBe(1);
  });

  it("keeps a refused change with the server's reason, sends the next, and resends it fixed", async () => {
    const s = server((item) =>
      item.label === 'forbidden' ? 403 : item.body.title === 'x' ? 400 : 'ok',
    );
    const outbox = createOutbox({ send: s.send });
    await outbox.enqueue('employees:a', change('forbidden'));
    const short = await outbox.enqueue('employees:a', { ...change('short'), body: { title: 'x' } });
    await outbox.enqueue('employees:a', change('fine'));
    expect(await outbox.flush('employees:a')).toEqual({ sent: 1, refused: 2, stopped: false });
    const [forbidden, invalid] = await outbox.list('employees:a');
    expect(forbidden).toMatchObject({
      state: 'refused',
      status: 403,
      reason: 'ليس لديك صلاحية لهذا الإجراء.',
    });
    expect(invalid).toMatchObject({ state: 'refused', fieldErrors: { title: 'Too short.' } });
    // A later run does not send refused changes again on its own.
    expect(await outbox.flush('employees:a')).toEqual({ sent: 0, refused: 0, stopped: false });
    await outbox.resend('employees:a', short.seq, { title: 'Fixed title' });
    expect(await outbox.flush('employees:a')).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(s.tries.at(-1)).toMatchObject({ key: short.key, body: { title: 'Fixed title' } });
    await outbox.discard('employees:a', forbidden.seq);
    expect(await outbox.list('employees:a')).toEqual([]);
  });

  it("never lists, sends, changes or discards another account's changes", async () => {
    const s = server(() => 'ok');
    const outbox = createOutbox({ send: s.send });
    const mine = await outbox.enqueue('employees:a', change('mine'));
    await outbox.enqueue('users:b', change('theirs'));
    expect((await outbox.list('users:b')).map((i) => i.label)).toEqual(['theirs']);
    await outbox.discard('users:b', mine.seq);
    await outbox.resend('users:b', mine.seq, { title: 'hijacked' });
    expect(await outbox.flush('users:b')).toMatchObject({ sent: 1 });
    expect(s.tries.map((t) => t.label)).toEqual(['theirs']);
    expect(await outbox.list('employees:a')).toMatchObject([
      { label: 'mine', body: { title: 'mine' } },
    ]);
  });

  it('keeps changes and their files across a reopened database (a restarted browser)', async () => {
    const outbox = createOutbox({ send: async () => ({}) });
    const photo = new File([new Uint8Array(5000)], 'well.jpg', { type: 'image/jpeg' });
    const queued = await outbox.enqueue('employees:a', change('with photo', { photos: [photo] }));
    expect(queued.bytes).toBeGreaterThan(5000);
    closeOfflineDb();
    const s = server(() => 'ok');
    const reopened = createOutbox({ send: s.send });
    const [kept] = await reopened.list('employees:a');
    expect(kept).toMatchObject({
      key: queued.key,
      label: 'with photo',
      body: { title: 'with photo' },
    });
    expect(kept.files).toHaveLength(1);
    expect(kept.files[0]).toMatchObject({ field: 'photos', name: 'well.jpg', type: 'image/jpeg' });
    expect(kept.files[0].blob.size).toBe(5000);
    await reopened.flush('employees:a');
    const sent = s.tries[0].body.photos as File[];
    expect(sent[0]).toBeInstanceOf(File);
    expect(sent[0].name).toBe('well.jpg');
    expect(s.tries[0].key).toBe(queued.key);
  });

  it('runs one flush at a time: two calls send each change once', async () => {
    const s = server(() => 'ok');
    const outbox = createOutbox({ send: s.send });
    await outbox.enqueue('employees:a', change('one'));
    await outbox.enqueue('employees:a', change('two'));
    await Promise.all([outbox.flush('employees:a'), outbox.flush('employees:a')]);
    expect(s.tries.map((t) => t.label)).toEqual(['one', 'two']);
  });
});

/**
 * A server double holding one record and its version: an update naming another version than the
 * record's is refused with 412, as the server does for If-Match (a write bumps the version).
 */
function versionedRecord() {
  const record = { id: 'act1', updated: '2026-11-01 10:00:00.000Z', title: 'Well digging' };
  let writes = 0;
  const sentVersions: (string | undefined)[] = [];
  const send = async (item: OutboxItem) => {
    if (item.recordId !== record.id) return { id: 'new' };
    sentVersions.push(item.version);
    if (item.version && item.version !== record.updated)
      throw new ClientResponseError({
        status: 412,
        data: { status: 412, message: 'The record was changed by someone else.', data: {} },
      });
    writes += 1;
    Object.assign(record, item.body, { updated: `2026-11-01 10:00:0${writes}.000Z` });
    return { ...record };
  };
  /** Someone else changes the record. */
  const changeElsewhere = (title: string) => {
    writes += 1;
    Object.assign(record, { title, updated: `2026-11-01 10:00:0${writes}.000Z` });
  };
  return { record, send, sentVersions, changeElsewhere };
}

const update = (title: string, version: string) => ({
  collection: 'projects_activities',
  recordId: 'act1',
  version,
  body: { title },
  label: title,
});

describe('changes to a record and its version', () => {
  beforeEach(async () => {
    await idbClear('outbox');
  });

  it('keeps the version an update was made from and sends it', async () => {
    const s = versionedRecord();
    const outbox = createOutbox({ send: s.send });
    const queued = await outbox.enqueue('employees:a', update('Mine', s.record.updated));
    expect(queued.version).toBe('2026-11-01 10:00:00.000Z');
    // A new record has no version to name.
    const created = await outbox.enqueue('employees:a', {
      ...change('post'),
      version: 'ignored',
    });
    expect(created.version).toBeUndefined();
    await outbox.discard('employees:a', created.seq);
    expect(await outbox.flush('employees:a')).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(s.sentVersions).toEqual(['2026-11-01 10:00:00.000Z']);
    expect(s.record.title).toBe('Mine');
  });

  it('keeps an update refused because the record changed meanwhile, and overwrites only when resent against the current version', async () => {
    const s = versionedRecord();
    const outbox = createOutbox({ send: s.send });
    const mine = await outbox.enqueue('employees:a', update('Mine', s.record.updated));
    await outbox.enqueue('employees:a', change('later post'));
    s.changeElsewhere('Theirs');
    // Refused, kept with its reason; the next change is still sent.
    expect(await outbox.flush('employees:a')).toEqual({ sent: 1, refused: 1, stopped: false });
    const [kept] = await outbox.list('employees:a');
    expect(kept).toMatchObject({
      seq: mine.seq,
      state: 'refused',
      status: 412,
      reason: 'The record was changed by someone else.',
    });
    expect(s.record.title).toBe('Theirs');
    // Fixed but resent against the old version: refused again.
    await outbox.resend('employees:a', mine.seq, { title: 'Mine, fixed' });
    expect(await outbox.flush('employees:a')).toMatchObject({ sent: 0, refused: 1 });
    expect(s.record.title).toBe('Theirs');
    // "Overwrite with my change": against the record as it is now.
    await outbox.resend('employees:a', mine.seq, undefined, s.record.updated);
    expect(await outbox.flush('employees:a')).toMatchObject({ sent: 1, refused: 0 });
    expect(s.record.title).toBe('Mine, fixed');
    expect(await outbox.list('employees:a')).toEqual([]);
  });

  it("does not take a person's own earlier change for someone else's", async () => {
    const s = versionedRecord();
    const outbox = createOutbox({ send: s.send });
    // Two edits made offline from the same screen: both from the version it showed.
    await outbox.enqueue('employees:a', update('First', s.record.updated));
    await outbox.enqueue('employees:a', update('Second', s.record.updated));
    expect(await outbox.flush('employees:a')).toEqual({ sent: 2, refused: 0, stopped: false });
    expect(s.sentVersions).toEqual(['2026-11-01 10:00:00.000Z', '2026-11-01 10:00:01.000Z']);
    expect(s.record.title).toBe('Second');
  });

  it("still refuses a later change when someone else's came between", async () => {
    const s = versionedRecord();
    const outbox = createOutbox({ send: s.send });
    await outbox.enqueue('employees:a', update('First', s.record.updated));
    await outbox.enqueue('employees:a', update('Second', s.record.updated));
    s.changeElsewhere('Theirs');
    expect(await outbox.flush('employees:a')).toEqual({ sent: 0, refused: 2, stopped: false });
    expect(s.record.title).toBe('Theirs');
    expect((await outbox.list('employees:a')).map((i) => i.status)).toEqual([412, 412]);
  });
});

describe('the outbox limits', () => {
  beforeEach(async () => {
    await idbClear('outbox');
  });

  it('refuses a change past its size or its count, per account, and queues again once sent', async () => {
    const s = server(() => 'ok');
    const outbox = createOutbox({ send: s.send, limits: { bytes: 20_000, count: 3 } });
    const photo = (size: number) =>
      new File([new Uint8Array(size)], 'p.jpg', { type: 'image/jpeg' });
    await outbox.enqueue('employees:a', change('big', { photos: [photo(15_000)] }));
    // 15 KB wait: 6 KB more would pass 20 KB.
    await expect(
      outbox.enqueue('employees:a', change('too big', { photos: [photo(6_000)] })),
    ).rejects.toBeInstanceOf(OutboxFullError);
    await outbox.enqueue('employees:a', change('small'));
    await outbox.enqueue('employees:a', change('third'));
    // Three wait: a fourth is refused, however small.
    const full = await outbox.enqueue('employees:a', change('fourth')).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(OutboxFullError);
    expect((full as OutboxFullError).limits).toEqual({ bytes: 20_000, count: 3 });
    // Nothing was kept of the refused ones; another account has its own room.
    expect((await outbox.list('employees:a')).map((i) => i.label)).toEqual([
      'big',
      'small',
      'third',
    ]);
    await outbox.enqueue('users:b', change('theirs', { photos: [photo(15_000)] }));
    // Once sent, there is room again.
    await outbox.flush('employees:a');
    await outbox.enqueue('employees:a', change('fourth'));
    expect((await outbox.list('employees:a')).map((i) => i.label)).toEqual(['fourth']);
  });

  it('counts a refused change as waiting: it is still to send', async () => {
    const s = server(() => 403);
    const outbox = createOutbox({ send: s.send, limits: { bytes: 1_000_000, count: 1 } });
    await outbox.enqueue('employees:a', change('refused'));
    await outbox.flush('employees:a');
    await expect(outbox.enqueue('employees:a', change('next'))).rejects.toBeInstanceOf(
      OutboxFullError,
    );
  });

  it('holds 100 MB and 500 changes unless told otherwise', () => {
    expect(OUTBOX_LIMITS).toEqual({ bytes: 100 * 1024 * 1024, count: 500 });
  });
});
