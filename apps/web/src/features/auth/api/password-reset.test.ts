// @vitest-environment node
import { collectionId } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { collectionOfToken } from './password-reset';

function tokenFor(payload: object): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(payload)}.signature`;
}

describe('reset token', () => {
  it('tells which auth collection it was issued for', () => {
    expect(collectionOfToken(tokenFor({ collectionId: collectionId('auth', 'employees') }))).toBe(
      'employees',
    );
    expect(collectionOfToken(tokenFor({ collectionId: collectionId('auth', 'users') }))).toBe(
      'users',
    );
  });

  it('is unknown for other or malformed tokens', () => {
    expect(collectionOfToken(tokenFor({ collectionId: 'pbc_1' }))).toBeNull();
    expect(collectionOfToken('not-a-token')).toBeNull();
    expect(collectionOfToken('a.%%%.c')).toBeNull();
  });
});
