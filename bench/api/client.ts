/** What both bench/api and bench/directus ask of a server before measuring it. */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { USER_PASSWORD, userEmail } from './env';

/** Waits until `url` answers 2xx, failing at once if the server's process has exited. */
export async function waitUntilAnswering(
  child: ChildProcess,
  url: string,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${what} did not start`);
}

/** The answer's JSON, or its text when it is not JSON (for error messages). */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Author 0 (a regular account) signed in on our server at `base`, and the first post of posts10k. */
export async function signInAsAuthor(
  base: string,
): Promise<{ token: string; userId: string; firstPost: { id: string; title: string } }> {
  const res = await fetch(`${base}/api/collections/employees/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: userEmail(0), password: USER_PASSWORD }),
  });
  const auth = (await readJson(res)) as { token?: string; record?: { id?: string } };
  if (!res.ok || !auth.token || !auth.record?.id)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(auth)}`);
  const list = await fetch(`${base}/api/collections/bench_posts10k/records?perPage=1&skipTotal=1`, {
    headers: { authorization: auth.token },
  });
  const items = ((await readJson(list)) as { items?: Array<{ id?: unknown; title?: unknown }> })
    .items;
  const first = items?.[0];
  if (typeof first?.id !== 'string') throw new Error('no post to view');
  return {
    token: auth.token,
    userId: auth.record.id,
    firstPost: { id: first.id, title: String(first.title) },
  };
}
