// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextSort, readTableState, sortDirection, writeTableState } from './table-state';

describe('table state in the URL', () => {
  it('reads page, sort, search and filters', () => {
    const params = new URLSearchParams('page=3&sort=-name&q=amna&status=ACTIVE&other=x');
    expect(readTableState(params, ['status'])).toEqual({
      page: 3,
      sort: '-name',
      q: 'amna',
      filters: { status: 'ACTIVE' },
    });
    expect(readTableState(new URLSearchParams('page=-2'), []).page).toBe(1);
    expect(readTableState(new URLSearchParams('page=abc'), []).page).toBe(1);
  });

  it('writes changes, dropping empty values and page 1', () => {
    const next = writeTableState(new URLSearchParams('page=2&q=a&keep=1'), {
      page: 1,
      q: '',
      sort: 'email',
      filters: { status: 'SUSPENDED' },
    });
    expect(next.toString()).toBe('keep=1&sort=email&status=SUSPENDED');
  });

  it('supports a prefix for a second table', () => {
    const next = writeTableState(new URLSearchParams(), { page: 4 }, 'log');
    expect(next.get('log.page')).toBe('4');
    expect(readTableState(next, [], 'log').page).toBe(4);
  });

  it('cycles sorting ascending, descending, default', () => {
    expect(nextSort('', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('');
    expect(nextSort('-email', 'name')).toBe('name');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('', 'name')).toBe('none');
  });
});
