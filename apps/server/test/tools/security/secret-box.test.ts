import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config';
import { createSecretBox } from '../../../src/tools/security/secret-box';

describe('secret box (AES-256-GCM)', () => {
  const first = randomBytes(32);
  const second = randomBytes(32);

  it('seals so that the text does not show and opens it again', () => {
    const box = createSecretBox([first]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time.
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('refuses an altered value and an unknown key', () => {
    const sealed = createSecretBox([first]).seal('secret');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4], 'base64url');
    data[0] ^= 1;
    parts[4] = data.toString('base64url');
    expect(createSecretBox([first]).open(parts.join('.'))).toBeNull();
    expect(createSecretBox([second]).open(sealed)).toBeNull();
    expect(createSecretBox([first]).open('not sealed')).toBeNull();
  });

  it('rotates: the first key seals, every key opens, and says what to seal again', () => {
    const old = createSecretBox([first]).seal('secret');
    const rotated = createSecretBox([second, first]);
    expect(rotated.open(old)).toBe('secret');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('secret'))).toBe(true);
  });

  it('reads MFA_KEY as hexadecimal keys, and stops at anything else', () => {
    const hex = first.toString('hex');
    expect(readConfig({ MFA_KEY: `${hex}, ${second.toString('hex')}` }).mfaKeys).toEqual([
      first,
      second,
    ]);
    expect(readConfig({}).mfaKeys).toEqual([]);
    expect(() => readConfig({ MFA_KEY: 'short' })).toThrow(/MFA_KEY must be keys of 64/);
    expect(readConfig({ MFA: 'off' }).mfa).toBe(false);
    expect(readConfig({}).mfa).toBe(true);
  });
});
