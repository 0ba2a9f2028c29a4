import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A donation's receipt number: optional, and one receipt names one donation (the same number in
 * another case is the same receipt); donations without a receipt are many.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read field by field in assertions
type Json = Record<string, any>;

async function call(method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Json) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: t.adminToken },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

describe('donations: receipt number', () => {
  let vault = '';
  const donation = (extra: Json) =>
    call('POST', '/api/collections/donations/records', {
      donor: 'Receipt donor',
      amount: 10,
      received_on: '2026-02-01',
      vault,
      ...extra,
    });

  beforeAll(async () => {
    const v = await call('POST', '/api/collections/vaults/records', {
      title: 'Receipts vault',
      kind: 'main',
      active: true,
    });
    expect(v.status).toBe(200);
    vault = v.body.id as string;
  });

  it('is stored and returned, empty when not given', async () => {
    const given = await donation({ receipt_number: 'R-2026-001' });
    expect(given.status).toBe(200);
    expect(given.body.receipt_number).toBe('R-2026-001');
    const none = await donation({});
    expect(none.status).toBe(200);
    expect(none.body.receipt_number).toBe('');
    // Many donations have no receipt.
    expect((await donation({ receipt_number: '' })).status).toBe(200);
  });

  it('refuses a receipt number another donation has, in any case, as a field error', async () => {
    expect((await donation({ receipt_number: 'R-7' })).status).toBe(200);
    for (const taken of ['R-7', 'r-7']) {
      const again = await donation({ receipt_number: taken });
      expect(again.status).toBe(400);
      expect(again.body.data.receipt_number.code).toBe('validation_not_unique');
    }
    const other = await donation({ receipt_number: 'R-8' });
    const changed = await call(
      'PATCH',
      `/api/collections/donations/records/${other.body.id as string}`,
      { receipt_number: 'R-7' },
    );
    expect(changed.status).toBe(400);
    expect(changed.body.data.receipt_number.code).toBe('validation_not_unique');
  });

  it('refuses a receipt number longer than declared', async () => {
    const res = await donation({ receipt_number: 'x'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.data.receipt_number).toBeDefined();
  });

  it('is searched by a list filter', async () => {
    await donation({ receipt_number: 'FIND-ME-42' });
    const res = await call(
      'GET',
      `/api/collections/donations/records?filter=${encodeURIComponent('receipt_number ~ "me-42"')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: Json) => d.receipt_number)).toEqual(['FIND-ME-42']);
  });
});
