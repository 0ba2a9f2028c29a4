// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCreateUserFormData } from './create-user';

describe('new user body', () => {
  const input = {
    email: ' amna@example.org ',
    name: ' Amna ',
    bio: 'Board member',
    status: 'ACTIVE' as const,
    roles: ['r1', 'r2'],
    avatar: null,
  };

  it('is multipart with the default password twice and roles repeated', () => {
    const data = buildCreateUserFormData(input, '12345678');
    expect(data.get('email')).toBe('amna@example.org');
    expect(data.get('emailVisibility')).toBe('true');
    expect(data.get('name')).toBe('Amna');
    expect(data.get('bio')).toBe('Board member');
    expect(data.get('status')).toBe('ACTIVE');
    expect(data.get('password')).toBe('12345678');
    expect(data.get('passwordConfirm')).toBe('12345678');
    expect(data.getAll('roles')).toEqual(['r1', 'r2']);
  });

  it('sends the avatar only when one was chosen', () => {
    expect(buildCreateUserFormData(input, '12345678').has('avatar')).toBe(false);
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const data = buildCreateUserFormData({ ...input, avatar: file }, '12345678');
    expect(data.get('avatar')).toBeInstanceOf(File);
    expect((data.get('avatar') as File).name).toBe('me.png');
  });
});
