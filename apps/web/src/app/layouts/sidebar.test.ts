// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activeLink } from './sidebar';

describe('active sidebar link', () => {
  const links = ['/users', '/users/new', '/users/roles', '/users/roles/new', '/hr/employees'];
  it.each([
    ['/users', '/users'],
    ['/users/abc123', '/users'],
    ['/users/roles', '/users/roles'],
    ['/users/roles/r1/update', '/users/roles'],
    ['/users/roles/new', '/users/roles/new'],
    ['/hr/employees/e1', '/hr/employees'],
    ['/finance/vaults', null],
  ])('%s -> %s', (path, expected) => {
    expect(activeLink(path, links)).toBe(expected);
  });
});
