import type { AddressInfo } from 'node:net';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { expect } from 'vitest';
import type { AppConfig } from '../../src/config';
import { newRecordId } from '../../src/tools/security/random';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A test app that listens on a real port, plus factories for official SDK clients. */
export type CompatApp = TestApp & {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** A fresh SDK client (in-memory auth store, no auto-cancellation), optionally holding a token. */
  sdk(token?: string): PocketBase;
  /** A client holding the bootstrapped administrator's token (every permission). */
  admin(): PocketBase;
};

export async function startCompatApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<CompatApp> {
  const t = await startTestApp(overrides, options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const sdk = (token?: string): PocketBase => {
    const pb = new PocketBase(baseUrl);
    pb.autoCancellation(false);
    if (token) pb.authStore.save(token, null);
    return pb;
  };
  const stop = t.stop;
  return Object.assign(t, {
    baseUrl,
    sdk,
    admin: () => sdk(t.adminToken),
    stop: async () => {
      // The SDK's fetch may leave a keep-alive socket that never carried a request (an
      // auto-cancelled call); Node does not count it as idle, so close() would wait for its timeout.
      t.app.server.closeAllConnections();
      await stop();
    },
  });
}

/** Awaits a call that must fail and returns its ClientResponseError. */
export async function failure(call: Promise<unknown>): Promise<ClientResponseError> {
  let result: unknown;
  try {
    result = await call;
  } catch (err) {
    expect(err).toBeInstanceOf(ClientResponseError);
    return err as ClientResponseError;
  }
  throw new Error(`expected the call to fail, it resolved with ${JSON.stringify(result)}`);
}

/**
 * Asserts the exact PocketBase error of a failed call: the SDK's status and the server's body
 * `{data, message, status}`.
 */
export async function expectApiError(
  call: Promise<unknown>,
  status: number,
  message: string,
  data: Record<string, unknown> = {},
): Promise<ClientResponseError> {
  const err = await failure(call);
  expect({
    status: err.status,
    isAbort: err.isAbort,
    message: err.message,
    response: err.response,
  }).toEqual({
    status,
    isAbort: false,
    message,
    response: { data, message, status },
  });
  return err;
}

/** Ids in the shape the server generates (15 chars, a–z0–9). */
export const RECORD_ID = /^[a-z0-9]{15}$/;
/** PocketBase's datetime layout. */
export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A fresh record id for rows inserted straight into the database. */
export const rowId = (): string => newRecordId();

/** PocketBase's datetime text for a moment. */
export function pbDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

/** Sorted copy, for comparing sets of names. */
export function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}
