/**
 * `If-Match` on record updates (core/preconditions.ts): an update naming the version of the
 * record it was made from (its `updated`) is refused with 412 when someone changed the record
 * meanwhile. Without the header, PocketBase's behaviour is unchanged. Concurrent updates are
 * sent over real HTTP connections at once: run with `DATABASE_URL` for PostgreSQL's many
 * connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecordId } from '../../src/tools/security/random';
import { startCompatApp, type CompatApp } from '../compat/sdk-harness';

type Json = Record<string, unknown>;

let t: CompatApp;

function send(
  method: string,
  path: string,
  body: Json,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { authorization: t.adminToken, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A new project, as the API answers it. */
async function project(): Promise<Json> {
  const made = await send('POST', '/api/collections/projects/records', {
    title: `Wells ${newRecordId()}`,
  });
  expect(made.status).toBe(200);
  return (await made.json()) as Json;
}

const patch = (id: string, body: Json, headers: Record<string, string> = {}) =>
  send('PATCH', `/api/collections/projects/records/${id}`, body, headers);

/** The entity tag of a version: the record's `updated` in ISO 8601, quoted. */
const tag = (updated: unknown) => `"${String(updated).replace(' ', 'T')}"`;

async function stored(id: string): Promise<{ title: string; updated: string }> {
  const { rows } = await t.db.query<{ title: string; updated: string }>(
    `SELECT "title", "updated" FROM "projects" WHERE "id" = $1`,
    [id],
  );
  return rows[0];
}

/** Waits until the clock shows another millisecond, so an update gets a new `updated`. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(async () => {
  t = await startCompatApp();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('If-Match on an update', () => {
  it('leaves an update without the header as PocketBase does', async () => {
    const p = await project();
    await tick();
    await patch(String(p.id), { title: 'Someone else' });
    const plain = await patch(String(p.id), { title: 'Mine' });
    expect(plain.status).toBe(200);
    expect((await stored(String(p.id))).title).toBe('Mine');
  });

  it('writes when the version is the current one, in either layout, or *', async () => {
    const p = await project();
    const iso = await patch(String(p.id), { title: 'One' }, { 'If-Match': tag(p.updated) });
    expect(iso.status).toBe(200);
    const one = (await iso.json()) as Json;
    await tick();
    // The API's own layout (with a space), unquoted, is taken too.
    const api = await patch(String(p.id), { title: 'Two' }, { 'If-Match': String(one.updated) });
    expect(api.status).toBe(200);
    const two = (await api.json()) as Json;
    await tick();
    // One of several versions named.
    const listed = await patch(
      String(p.id),
      { title: 'Three' },
      { 'If-Match': `"2020-01-01T00:00:00.000Z", ${tag(two.updated)}` },
    );
    expect(listed.status).toBe(200);
    const any = await patch(String(p.id), { title: 'Four' }, { 'If-Match': '*' });
    expect(any.status).toBe(200);
    expect((await stored(String(p.id))).title).toBe('Four');
  });

  it('refuses with 412, in the asker language, when the record changed meanwhile', async () => {
    const p = await project();
    await tick();
    expect((await patch(String(p.id), { title: 'Changed by a colleague' })).status).toBe(200);
    const before = await stored(String(p.id));

    const refused = await patch(String(p.id), { title: 'Mine' }, { 'If-Match': tag(p.updated) });
    expect(refused.status).toBe(412);
    expect(await refused.json()).toEqual({
      status: 412,
      message:
        'The record was changed by someone else since this change was made; it was not saved.',
      data: {},
    });
    const arabic = await patch(
      String(p.id),
      { title: 'Mine' },
      { 'If-Match': tag(p.updated), 'Accept-Language': 'ar' },
    );
    expect(arabic.status).toBe(412);
    expect(((await arabic.json()) as Json).message).toBe(
      'غيّر شخص آخر هذا السجل بعد إعداد هذا التغيير؛ لم يُحفظ.',
    );
    // A weak tag never matches, nor does a tag that is no date.
    for (const header of [`W/${tag(before.updated)}`, '"yesterday"'])
      expect((await patch(String(p.id), { title: 'Mine' }, { 'If-Match': header })).status).toBe(
        412,
      );
    expect(await stored(String(p.id))).toEqual(before);
  });

  it('answers 404, not 412, for a record that is gone', async () => {
    const p = await project();
    const removed = await fetch(`${t.baseUrl}/api/collections/projects/records/${String(p.id)}`, {
      method: 'DELETE',
      headers: { authorization: t.adminToken },
    });
    expect(removed.status).toBe(204);
    const answer = await patch(String(p.id), { title: 'Mine' }, { 'If-Match': tag(p.updated) });
    expect(answer.status).toBe(404);
  });

  it('replays a retried update that was written, and keeps no key for a 412', async () => {
    const p = await project();
    const k = `key-${newRecordId()}`;
    const headers = { 'If-Match': tag(p.updated), 'Idempotency-Key': k };
    const first = await patch(String(p.id), { title: 'Sent once' }, headers);
    expect(first.status).toBe(200);
    const saved = (await first.json()) as Json;
    expect(saved.updated).not.toBe(p.updated);
    // The answer was lost; the retry names the version it was made from, which is no longer
    // the record's: it gets the first answer back, not a 412.
    const retry = await patch(String(p.id), { title: 'Sent once' }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(saved);

    // A change refused for its version keeps no key: sent again against the current version
    // (the person chose to overwrite), under the same key, it is written.
    await tick();
    const k2 = `key-${newRecordId()}`;
    const stale = await patch(
      String(p.id),
      { title: 'Overwrite' },
      { 'If-Match': tag(p.updated), 'Idempotency-Key': k2 },
    );
    expect(stale.status).toBe(412);
    const current = await stored(String(p.id));
    const again = await patch(
      String(p.id),
      { title: 'Overwrite' },
      { 'If-Match': tag(current.updated), 'Idempotency-Key': k2 },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect((await stored(String(p.id))).title).toBe('Overwrite');
  });

  it('checks an update inside a batch, which is undone as a whole', async () => {
    const p = await project();
    await tick();
    await patch(String(p.id), { title: 'Changed by a colleague' });
    const other = await project();
    const batch = await send('POST', '/api/batch', {
      requests: [
        {
          method: 'PATCH',
          url: `/api/collections/projects/records/${String(other.id)}`,
          body: { title: 'Batch other' },
        },
        {
          method: 'PATCH',
          url: `/api/collections/projects/records/${String(p.id)}`,
          headers: { 'If-Match': tag(p.updated) },
          body: { title: 'Batch mine' },
        },
      ],
    });
    expect(batch.status).toBe(400);
    const answer = (await batch.json()) as { data: { requests: Record<string, Json> } };
    expect(answer.data.requests['1'].response).toMatchObject({ status: 412 });
    expect((await stored(String(p.id))).title).toBe('Changed by a colleague');
    expect((await stored(String(other.id))).title).toBe(other.title);
  });
});

describe('concurrent updates naming the same version', () => {
  it('writes exactly one of them; the others are refused with 412', async () => {
    for (let round = 0; round < 5; round += 1) {
      const p = await project();
      await tick();
      const titles = Array.from({ length: 6 }, (_, i) => `Concurrent ${round}.${i}`);
      const answers = await Promise.all(
        titles.map((title) => patch(String(p.id), { title }, { 'If-Match': tag(p.updated) })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      const winner = titles[answers.findIndex((a) => a.status === 200)];
      expect((await stored(String(p.id))).title).toBe(winner);
    }
  });
});
