/**
 * What the benchmarks with a database of their own share: that database on DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/test), made before the run and dropped after it,
 * the administrator's sign-in, and the percentiles of a series of times.
 */
import pg from 'pg';
import { pct } from './server';

const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

/** Runs `run` on a connection to the server's own database (to create or drop others). */
async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database named `<prefix>_<pid>` for one run: its address, and how to make and drop it. */
export function benchDatabase(prefix: string) {
  const name = `${prefix}_${process.pid}`;
  return {
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    create: () => onServer((c) => c.query(`CREATE DATABASE "${name}"`)),
    drop: () => onServer((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** Signs the administrator in on the running server; its token and record. */
export async function signInAdmin(
  base: string,
  admin: { email: string; password: string },
): Promise<{ token: string; record: { id: string } }> {
  const res = await fetch(`${base}/api/collections/employees/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; record: { id: string } };
}

/** The median, the 95th percentile and the slowest of a series of times. */
export function summary(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95), max: sorted[sorted.length - 1] };
}
