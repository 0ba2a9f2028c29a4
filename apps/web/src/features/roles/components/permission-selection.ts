import { ALL_PERMISSIONS, PERMISSION_AREAS, type Permission } from '@app/schema';

export type PermissionGroup = {
  area: string;
  group: string;
  actions: readonly string[];
  keys: Permission[];
};

/** The catalogue's groups with their full keys, in catalogue order. */
export const PERMISSION_GROUPS: PermissionGroup[] = PERMISSION_AREAS.flatMap((area) =>
  area.groups.map((g) => ({
    area: area.area,
    group: g.group,
    actions: g.actions,
    keys: g.actions.map((a) => `${g.group}.${a}` as Permission),
  })),
);

/** Whether all, some or none of a group's permissions are selected. */
export function groupSelection(
  selected: readonly string[],
  keys: readonly string[],
): 'all' | 'some' | 'none' {
  const count = keys.filter((k) => selected.includes(k)).length;
  return count === 0 ? 'none' : count === keys.length ? 'all' : 'some';
}

/** Selects or clears a set of keys; the result stays in catalogue order. */
export function setSelected(
  selected: readonly string[],
  keys: readonly string[],
  checked: boolean,
): string[] {
  const next = new Set(selected);
  for (const key of keys) {
    if (checked) next.add(key);
    else next.delete(key);
  }
  const ordered: string[] = ALL_PERMISSIONS.filter((p) => next.has(p));
  // Keys the catalogue no longer has are kept, so saving does not silently drop them.
  for (const key of next) if (!ordered.includes(key)) ordered.push(key);
  return ordered;
}
