import { afterEach, describe, expect, test, vi } from 'vitest';
import { inOwnTask, nextTask } from './own-task';

/** Resolves after the tasks queued so far (a timer comes after a channel's message). */
const afterQueuedTasks = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('inOwnTask', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  test('runs the work later, not in this task nor in its microtasks', async () => {
    const order: string[] = [];
    inOwnTask(() => order.push('work'));
    queueMicrotask(() => order.push('microtask'));
    order.push('now');
    await Promise.resolve();
    expect(order).toEqual(['now', 'microtask']);
    await afterQueuedTasks();
    expect(order).toEqual(['now', 'microtask', 'work']);
  });

  test('cancelled before its turn, the work never runs', async () => {
    const work = vi.fn();
    const cancel = inOwnTask(work);
    cancel();
    await afterQueuedTasks();
    expect(work).not.toHaveBeenCalled();
  });

  test("uses the browser's task scheduler where there is one, and cancels through it", async () => {
    // The browser's scheduler.postTask, as far as inOwnTask uses it (jsdom has none).
    const postTask = vi.fn(
      (callback: () => void, options: { priority: string; signal?: AbortSignal }) =>
        new Promise<void>((resolve, reject) => {
          setTimeout(() => {
            if (options.signal?.aborted) reject(new DOMException('Aborted', 'AbortError'));
            else resolve(callback());
          }, 0);
        }),
    );
    (globalThis as { scheduler?: unknown }).scheduler = { postTask };
    const ran: string[] = [];
    inOwnTask(() => ran.push('kept'));
    const cancel = inOwnTask(() => ran.push('cancelled'));
    cancel();
    await afterQueuedTasks();
    expect(ran).toEqual(['kept']);
    expect(postTask).toHaveBeenCalledTimes(2);
    expect(postTask.mock.calls[0]?.[1].priority).toBe('user-blocking');
  });
});

test('nextTask resolves in a later task, after every microtask', async () => {
  const order: string[] = [];
  const next = nextTask().then(() => order.push('next task'));
  // A chain of microtasks, each queuing the next: all run before any other task.
  const chain = (left: number) =>
    queueMicrotask(() => {
      order.push(`microtask ${left}`);
      if (left > 1) chain(left - 1);
    });
  chain(5);
  await next;
  expect(order).toEqual([
    'microtask 5',
    'microtask 4',
    'microtask 3',
    'microtask 2',
    'microtask 1',
    'next task',
  ]);
});
