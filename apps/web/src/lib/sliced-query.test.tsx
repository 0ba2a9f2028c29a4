import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useDeferredValue } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { useSlicedInfiniteQuery, useSlicedQuery } from './sliced-query';

/** A question whose answer the test gives when it wants. */
function deferredAnswer<T>() {
  let give!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    give = resolve;
    fail = reject;
  });
  return { promise, give, fail };
}

function Probe({ id, ask }: { id: string; ask: (id: string) => Promise<string> }) {
  const query = useSlicedQuery({ queryKey: ['probe', id], queryFn: () => ask(id), retry: false });
  if (query.isError) return <p>failed: {query.error.message}</p>;
  return <p>{query.data ?? 'waiting'}</p>;
}

/**
 * Shows the answer and its deferred copy. React defers a value only in an urgent render: in a
 * transition both are the same, in a blocking render the copy lags one commit behind.
 */
function DeferringProbe({ ask }: { ask: () => Promise<string> }) {
  const query = useSlicedQuery({ queryKey: ['deferring'], queryFn: ask });
  const deferred = useDeferredValue(query.data);
  return <p>{`${query.data ?? 'waiting'} / ${deferred ?? 'waiting'}`}</p>;
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, gcTime: 60_000 } } });

describe('useSlicedQuery: an answer is rendered as a transition', () => {
  let container: HTMLDivElement;
  let root: Root;
  const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;
  let delivered: Array<() => void>;

  beforeEach(() => {
    // React's own scheduling, without act(): the point is when the answer is committed.
    actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    // The cache's notifications are delivered when the test says so.
    delivered = [];
    notifyManager.setScheduler((deliver) => delivered.push(deliver));
  });

  afterEach(() => {
    root.unmount();
    container.remove();
    notifyManager.setScheduler((deliver) => setTimeout(deliver, 0));
    reactAct.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  /** Waits for `check`, delivering the cache's notifications as they come (unless told not to). */
  const until = async (check: () => boolean, { deliver = true } = {}) => {
    for (let i = 0; i < 200 && !check(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (deliver) for (const notification of delivered.splice(0)) notification();
    }
  };

  test('the answer is committed in a later task, rendered as a transition', async () => {
    const answer = deferredAnswer<string>();
    const committed: string[] = [];
    new MutationObserver(() => committed.push(container.textContent ?? '')).observe(container, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    root.render(
      <QueryClientProvider client={newClient()}>
        <DeferringProbe ask={() => answer.promise} />
      </QueryClientProvider>,
    );
    await until(() => container.textContent === 'waiting / waiting');

    answer.give('the answer');
    await answer.promise;
    await until(() => delivered.length > 0, { deliver: false });
    expect(delivered.length).toBeGreaterThan(0);
    for (const notification of delivered.splice(0)) notification();
    // An update of useSyncExternalStore (TanStack's useQuery) is rendered and committed in a
    // microtask right after this; a transition only in a task of React's scheduler.
    await Promise.resolve();
    await Promise.resolve();
    expect(container.textContent).toBe('waiting / waiting');

    await until(() => container.textContent === 'the answer / the answer');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A blocking render (even one React schedules for later) would first commit the answer
    // with its copy still deferred: "the answer / waiting".
    expect(committed).toEqual(['waiting / waiting', 'the answer / the answer']);
  });
});

describe('useSlicedQuery: what it shares with useQuery', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = newClient();
  });
  afterEach(() => client.clear());

  const renderProbe = (id: string, ask: (id: string) => Promise<string>) =>
    render(
      <QueryClientProvider client={client}>
        <Probe id={id} ask={ask} />
      </QueryClientProvider>,
    );

  test('an answer already in the cache is on the first render, without asking again', () => {
    client.setQueryData(['probe', 'a'], 'from the cache');
    let asked = 0;
    renderProbe('a', async () => {
      asked++;
      return 'fresh';
    });
    expect(screen.getByText('from the cache')).toBeTruthy();
    expect(asked).toBe(0);
  });

  test('asks once on mount, shows the answer, and asks again when the question changes', async () => {
    const asked: string[] = [];
    const ask = async (id: string) => {
      asked.push(id);
      return `answer ${id}`;
    };
    const view = renderProbe('a', ask);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('answer a')).toBeTruthy();
    view.rerender(
      <QueryClientProvider client={client}>
        <Probe id="b" ask={ask} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('answer b')).toBeTruthy();
    expect(asked).toEqual(['a', 'b']);
  });

  test('a refetch after invalidation shows the new answer', async () => {
    let version = 1;
    renderProbe('a', async () => `version ${version}`);
    expect(await screen.findByText('version 1')).toBeTruthy();
    version = 2;
    await act(() => client.invalidateQueries({ queryKey: ['probe'] }));
    expect(await screen.findByText('version 2')).toBeTruthy();
  });

  test('a failure reaches the component', async () => {
    const answer = deferredAnswer<string>();
    const asked = deferredAnswer<void>();
    renderProbe('a', () => {
      asked.give();
      return answer.promise;
    });
    await asked.promise;
    answer.fail(new Error('the server is down'));
    expect(await screen.findByText('failed: the server is down')).toBeTruthy();
  });

  test('the questions of a screen are each asked in a task of their own', async () => {
    // A microtask queued by one question runs before the next question only if that one is
    // asked in a later task; asked together in one task, every question comes first.
    const order: string[] = [];
    const ask = async (id: string) => {
      order.push(`ask ${id}`);
      queueMicrotask(() => order.push(`after ${id}`));
      return `answer ${id}`;
    };
    render(
      <QueryClientProvider client={client}>
        <Probe id="a" ask={ask} />
        <Probe id="b" ask={ask} />
        <Probe id="c" ask={ask} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('answer c')).toBeTruthy();
    expect(order).toEqual(['ask a', 'after a', 'ask b', 'after b', 'ask c', 'after c']);
  });

  test('a component gone before its turn asks nothing', async () => {
    let asked = 0;
    const view = renderProbe('a', async () => {
      asked++;
      return 'answer';
    });
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['probe', 'a'] })
        ?.getObserversCount(),
    ).toBe(0);
  });

  test('the component stops listening when it goes', async () => {
    const view = renderProbe('a', async () => 'answer');
    await screen.findByText('answer');
    const query = client.getQueryCache().find({ queryKey: ['probe', 'a'] });
    expect(query?.getObserversCount()).toBe(1);
    view.unmount();
    expect(query?.getObserversCount()).toBe(0);
  });

  test('"Load more": the infinite version shows the first page, then appends the next', async () => {
    const asked: number[] = [];
    type Page = { page: number; items: string[] };
    function Pages() {
      const pages = useSlicedInfiniteQuery({
        queryKey: ['pages'],
        initialPageParam: 1,
        queryFn: async ({ pageParam }: { pageParam: number }): Promise<Page> => {
          asked.push(pageParam);
          return { page: pageParam, items: [`item ${pageParam}`] };
        },
        getNextPageParam: (last: Page) => (last.page < 2 ? last.page + 1 : undefined),
      });
      const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
      return (
        <div>
          <p>{items.join(', ') || 'waiting'}</p>
          {pages.hasNextPage && (
            <button type="button" onClick={() => void pages.fetchNextPage()}>
              Load more
            </button>
          )}
        </div>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Pages />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('item 1')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Load more' }).click());
    expect(await screen.findByText('item 1, item 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual([1, 2]);
  });
});
