import { describe, expect, it } from 'vitest';
import {
  dummyPasswordCheck,
  hashPassword,
  verifyPassword,
} from '../../../src/tools/security/password';

describe('password hashing', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('wrong password', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('handles unicode passwords', async () => {
    const hash = await hashPassword('pässwörd 🔑');
    expect(await verifyPassword('pässwörd 🔑', hash)).toBe(true);
    expect(await verifyPassword('passwort 🔑', hash)).toBe(false);
  });

  it.each([
    '',
    'not a hash',
    '$2b$10$',
    '$2b$99$FUTt1rDMrIr98q7GffXzve4BMwVNP29B0a3PzIxGUDqNE8flvMPY6',
    '$2b$10$FUTt1rDMrIr98q7GffXzve',
    '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
    '\u0000',
  ])('returns false, without throwing, for malformed hash %j', async (hash) => {
    await expect(verifyPassword('password', hash)).resolves.toBe(false);
  });

  it('returns false for arguments of the wrong type', async () => {
    const hash = await hashPassword('x');
    await expect(verifyPassword(undefined as unknown as string, hash)).resolves.toBe(false);
    await expect(verifyPassword('x', null as unknown as string)).resolves.toBe(false);
  });
});

describe('dummyPasswordCheck', () => {
  it('takes about as long as a real verification', async () => {
    const hash = await hashPassword('secret');
    const time = async (fn: () => Promise<unknown>): Promise<number> => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    // Warm up, then take the median of a few runs of each.
    await verifyPassword('secret', hash);
    await dummyPasswordCheck('secret');
    const real: number[] = [];
    const dummy: number[] = [];
    for (let i = 0; i < 5; i++) {
      real.push(await time(() => verifyPassword('nope', hash)));
      dummy.push(await time(() => dummyPasswordCheck('nope')));
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[2];
    const ratio = median(dummy) / median(real);
    // Loose bounds: a busy CI machine adds noise, a missing bcrypt call would give ~0.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('resolves for any input', async () => {
    await expect(dummyPasswordCheck('')).resolves.toBeUndefined();
    await expect(dummyPasswordCheck(undefined as unknown as string)).resolves.toBeUndefined();
  });
});
