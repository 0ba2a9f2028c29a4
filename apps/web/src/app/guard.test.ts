// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideGuard, isLoggedOutRoute, normalizePath } from './guard';

describe('route guard', () => {
  it.each([
    ['/auth/login', true],
    ['/auth/login/', true],
    ['/AUTH/Login', true],
    ['/auth/forgot-password', true],
    ['/auth/confirm-password-reset/abc.DEF.ghi', true],
    ['/auth/register', true],
    ['/auth', false],
    ['/', false],
    ['/users', false],
    ['/auth/login-other', false],
    ['/projects/1/report', false],
  ])('%s is a logged-out route: %s', (path, expected) => {
    expect(isLoggedOutRoute(path)).toBe(expected);
  });

  it('normalises paths', () => {
    expect(normalizePath(' /Users/Roles/ ')).toBe('/users/roles');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  describe('a visitor who is not signed in', () => {
    it.each([
      '/',
      '/users',
      '/users/roles/new',
      '/auth',
      '/hr/members.old/new',
      '/nowhere',
      '/projects/x/report',
    ])('is sent from %s to /auth/login', (pathname) => {
      expect(decideGuard({ pathname, authenticated: false })).toEqual({
        kind: 'redirect',
        to: '/auth/login',
      });
    });

    it.each([
      '/auth/login',
      '/auth/forgot-password',
      '/auth/confirm-password-reset/token123',
      '/auth/register',
    ])('may open %s', (pathname) => {
      expect(decideGuard({ pathname, authenticated: false })).toEqual({ kind: 'allow' });
    });
  });

  describe('a signed-in account', () => {
    it.each([
      '/auth/login',
      '/auth/forgot-password',
      '/auth/confirm-password-reset/token123',
      '/auth/register',
    ])('is sent from %s to /', (pathname) => {
      expect(decideGuard({ pathname, authenticated: true })).toEqual({ kind: 'redirect', to: '/' });
    });

    it('goes back where it was going after login', () => {
      expect(
        decideGuard({ pathname: '/auth/login', authenticated: true, from: '/users/roles' }),
      ).toEqual({
        kind: 'redirect',
        to: '/users/roles',
      });
    });

    it('ignores unsafe or looping return paths', () => {
      for (const from of ['https://evil.example', '//evil.example', '/auth/login', 'users']) {
        expect(decideGuard({ pathname: '/auth/login', authenticated: true, from })).toEqual({
          kind: 'redirect',
          to: '/',
        });
      }
    });

    it.each(['/', '/users', '/auth', '/nowhere'])('may open %s', (pathname) => {
      expect(decideGuard({ pathname, authenticated: true })).toEqual({ kind: 'allow' });
    });

    it('on the default password sees only the password change', () => {
      expect(
        decideGuard({ pathname: '/users', authenticated: true, mustChangePassword: true }),
      ).toEqual({
        kind: 'change-password',
      });
      expect(
        decideGuard({ pathname: '/auth/login', authenticated: true, mustChangePassword: true }),
      ).toEqual({
        kind: 'redirect',
        to: '/',
      });
    });
  });
});
