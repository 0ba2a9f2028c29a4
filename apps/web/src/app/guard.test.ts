// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  decideGuard,
  isLoggedOutRoute,
  normalizePath,
  returnPathOf,
  safeReturnPath,
  signInPathFor,
} from './guard';

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

    it.each([
      ['/hr/employees', '/auth/login?redirect=/hr/employees'],
      [
        '/hr/employees?page=2&q=ab#top',
        '/auth/login?redirect=/hr/employees%3Fpage%3D2%26q%3Dab%23top',
      ],
      // Home is where signing in leads anyway; /auth is only the way to the sign-in page.
      ['/', '/auth/login'],
      ['/auth', '/auth/login'],
      ['/AUTH/', '/auth/login'],
    ])('asking for %s is sent to %s', (here, to) => {
      const pathname = here.split(/[?#]/)[0];
      expect(decideGuard({ pathname, authenticated: false, here })).toEqual({
        kind: 'redirect',
        to,
      });
    });
  });

  describe('the address to go back to after signing in', () => {
    it.each([
      ['/users/roles', '/users/roles'],
      ['/hr/employees?page=2#list', '/hr/employees?page=2#list'],
      ['/projects/abc/report', '/projects/abc/report'],
    ])('keeps %s', (value, expected) => {
      expect(safeReturnPath(value)).toBe(expected);
    });

    it.each([
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'users',
      '',
      '/auth',
      '/auth/login',
      '/Auth/Login/?redirect=/x',
      '/auth/forgot-password',
    ])('refuses %j', (value) => {
      expect(safeReturnPath(value)).toBeNull();
    });

    it('reads it from the query string, decoded', () => {
      expect(returnPathOf('?redirect=/hr/employees%3Fpage%3D2')).toBe('/hr/employees?page=2');
      expect(returnPathOf('?redirect=%2F%2Fevil.example')).toBeNull();
      expect(returnPathOf('?other=1')).toBeNull();
      expect(returnPathOf(new URL(`http://x${signInPathFor('/a?b=1&c=2')}`).search)).toBe(
        '/a?b=1&c=2',
      );
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

    it('goes back where it was going after login (from ?redirect=)', () => {
      expect(
        decideGuard({ pathname: '/auth/login', authenticated: true, from: '/users/roles' }),
      ).toEqual({
        kind: 'redirect',
        to: '/users/roles',
      });
    });

    it('ignores unsafe or looping return paths', () => {
      for (const from of [
        'https://evil.example',
        '//evil.example',
        '/\\evil.example',
        '/auth/login',
        'users',
      ]) {
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
