// @vitest-environment node
import { ALL_PERMISSIONS, PERMISSION_AREAS } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { groupSelection, PERMISSION_GROUPS, setSelected } from './permission-selection';

describe('permission selection', () => {
  it('covers the whole catalogue, grouped by area', () => {
    expect(PERMISSION_GROUPS.flatMap((g) => g.keys)).toEqual([...ALL_PERMISSIONS]);
    expect(new Set(PERMISSION_GROUPS.map((g) => g.area))).toEqual(
      new Set(PERMISSION_AREAS.map((a) => a.area)),
    );
  });

  it('selects and clears a whole group, keeping catalogue order', () => {
    const roles = PERMISSION_GROUPS.find((g) => g.group === 'roles')!;
    const users = PERMISSION_GROUPS.find((g) => g.group === 'users')!;
    const all = setSelected(['roles.read'], users.keys, true);
    expect(all).toEqual([...users.keys, 'roles.read']);
    expect(groupSelection(all, users.keys)).toBe('all');
    expect(groupSelection(all, roles.keys)).toBe('some');
    expect(groupSelection([], roles.keys)).toBe('none');
    expect(setSelected(all, users.keys, false)).toEqual(['roles.read']);
  });

  it('keeps keys the catalogue does not know', () => {
    expect(setSelected(['legacy.key'], ['users.read'], true)).toEqual(['users.read', 'legacy.key']);
  });
});
