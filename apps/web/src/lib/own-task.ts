/**
 * Work cut into tasks of the browser's event loop. A phone four times slower than a laptop turns
 * a 20 ms piece of start-up work into 80 ms during which a tap waits, and Lighthouse's "total
 * blocking time" counts every task's part beyond 50 ms. The same work done as several short
 * tasks blocks nothing for long: between them the browser paints and answers the person.
 *
 * Both helpers use the browser's task scheduler where it has one (`scheduler.postTask`, with the
 * priority of work the person waits for, so the rest runs before other queued tasks) and a
 * message to a channel of its own otherwise (a task without the delay of a timer).
 */
type PostTask = (
  callback: () => void,
  options: { priority: 'user-blocking'; signal?: AbortSignal },
) => Promise<void>;

function taskScheduler(): PostTask | undefined {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  return scheduler?.postTask?.bind(scheduler);
}

/** Runs `work` in a task of its own, soon; the function returned cancels it if not yet run. */
export function inOwnTask(work: () => void): () => void {
  const postTask = taskScheduler();
  if (postTask) {
    const controller = new AbortController();
    postTask(work, { priority: 'user-blocking', signal: controller.signal }).catch(
      (error: unknown) => {
        // A cancelled task is not an error; one that failed is reported as any other.
        if (!controller.signal.aborted) throw error;
      },
    );
    return () => controller.abort();
  }
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) work();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/** Resolves in a new task: `await nextTask()` ends the current one there. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inOwnTask(resolve));
}
