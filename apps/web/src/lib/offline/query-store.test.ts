import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { createQueryStore, persistQueries } from './query-store';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

describe('the offline query store', () => {
  beforeEach(async () => {
    await createQueryStore().wipe();
    onlineManager.setOnline(true);
  });
  afterEach(() => onlineManager.setOnline(true));

  it('shows a kept answer, with its time, to a query that cannot run offline', async () => {
    const store = createQueryStore();
    const online = client();
    const stop = persistQueries(online, store, () => 'employees:a1');
    await online.fetchQuery({
      queryKey: ['records', 'projects', 'list', { page: 1 }],
      queryFn: async () => ({ items: [{ id: 'p1', title: 'Wells' }] }),
    });
    const receivedAt = online.getQueryState([
      'records',
      'projects',
      'list',
      { page: 1 },
    ])!.dataUpdatedAt;
    await wait(20);
    stop();

    // A new tab, offline: the query pauses and gets the kept answer.
    onlineManager.setOnline(false);
    const offline = client();
    persistQueries(offline, store, () => 'employees:a1');
    let called = 0;
    void offline.fetchQuery({
      queryKey: ['records', 'projects', 'list', { page: 1 }],
      queryFn: async () => {
        called += 1;
        return { items: [] };
      },
    });
    await expect
      .poll(() => offline.getQueryData(['records', 'projects', 'list', { page: 1 }]))
      .toEqual({ items: [{ id: 'p1', title: 'Wells' }] });
    expect(offline.getQueryState(['records', 'projects', 'list', { page: 1 }])!.dataUpdatedAt).toBe(
      receivedAt,
    );
    expect(called).toBe(0);
  });

  it('shows the kept answer when the request fails for want of a network', async () => {
    const store = createQueryStore();
    const first = client();
    persistQueries(first, store, () => 'users:u1');
    await first.fetchQuery({
      queryKey: ['records', 'roles', 'detail', 'r1'],
      queryFn: async () => ({ id: 'r1' }),
    });
    await wait(20);
    const second = client();
    persistQueries(second, store, () => 'users:u1');
    await second
      .fetchQuery({
        queryKey: ['records', 'roles', 'detail', 'r1'],
        queryFn: async () => {
          throw new ClientResponseError({ status: 0 });
        },
      })
      .catch(() => {});
    await expect
      .poll(() => second.getQueryData(['records', 'roles', 'detail', 'r1']))
      .toEqual({ id: 'r1' });
    // A refusal by the server is not a network failure: nothing is put in its place.
    const third = client();
    persistQueries(third, store, () => 'users:u1');
    await third
      .fetchQuery({
        queryKey: ['records', 'roles', 'detail', 'r1'],
        queryFn: async () => {
          throw new ClientResponseError({ status: 403 });
        },
      })
      .catch(() => {});
    await wait(50);
    expect(third.getQueryData(['records', 'roles', 'detail', 'r1'])).toBeUndefined();
  });

  it('keeps one account at a time: another account finds nothing of the first', async () => {
    const store = createQueryStore();
    await store.own('employees:a1');
    const a = client();
    persistQueries(a, store, () => 'employees:a1');
    await a.fetchQuery({
      queryKey: ['records', 'payslips', 'list', {}],
      queryFn: async () => ({ net: 900 }),
    });
    await wait(20);
    expect(await store.find('employees:a1', a.getQueryCache().getAll()[0].queryHash)).toBeDefined();
    await store.own('employees:b2');
    expect(
      await store.find('employees:a1', a.getQueryCache().getAll()[0].queryHash),
    ).toBeUndefined();
  });

  it('keeps only record answers, and stays within its size by dropping the oldest', async () => {
    const store = createQueryStore(3000);
    const c = client();
    persistQueries(c, store, () => 'employees:a1');
    await c.fetchQuery({ queryKey: ['files', 'token'], queryFn: async () => 'secret-token' });
    for (let i = 0; i < 5; i += 1) {
      await c.fetchQuery({
        queryKey: ['records', 'members', 'detail', `m${i}`],
        queryFn: async () => ({ id: `m${i}`, notes: 'x'.repeat(1000) }),
      });
      await wait(5);
    }
    await wait(1200); // the trim runs a moment after the last write
    const hashOf = (key: unknown[]) =>
      c.getQueryCache().find({ queryKey: key, exact: true })!.queryHash;
    expect(await store.find('employees:a1', hashOf(['files', 'token']))).toBeUndefined();
    expect(
      await store.find('employees:a1', hashOf(['records', 'members', 'detail', 'm0'])),
    ).toBeUndefined();
    expect(
      await store.find('employees:a1', hashOf(['records', 'members', 'detail', 'm4'])),
    ).toBeDefined();
    expect(
      await store.find('employees:a1', hashOf(['records', 'members', 'detail', 'm3'])),
    ).toBeDefined();
  });

  it('is emptied by a wipe (sign-out)', async () => {
    const store = createQueryStore();
    const c = client();
    persistQueries(c, store, () => 'employees:a1');
    await c.fetchQuery({
      queryKey: ['records', 'projects', 'detail', 'p'],
      queryFn: async () => ({ id: 'p' }),
    });
    await wait(20);
    const hash = c.getQueryCache().getAll()[0].queryHash;
    expect(await store.find('employees:a1', hash)).toBeDefined();
    await store.wipe();
    expect(await store.find('employees:a1', hash)).toBeUndefined();
  });
});
