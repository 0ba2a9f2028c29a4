// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addPhone, normalizePhone, removePhone } from './phone-list';

describe('phone list', () => {
  it('normalises separators and keeps a leading +', () => {
    expect(normalizePhone(' +249 912-345 678 ')).toBe('+249912345678');
    expect(normalizePhone('(0912) 345.678')).toBe('0912345678');
  });

  it('adds valid numbers, refusing empty, malformed and repeated ones', () => {
    expect(addPhone([], '0912 345 678')).toEqual({ ok: true, list: ['0912345678'] });
    expect(addPhone(['0912345678'], '0912-345-678')).toMatchObject({
      ok: false,
      reason: 'duplicate',
    });
    expect(addPhone([], '   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(addPhone([], 'call me')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(addPhone([], '123')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('removes a number', () => {
    expect(removePhone(['1', '2', '3'], '2')).toEqual(['1', '3']);
  });
});
