/**
 * The sidebar's modules (organisation-system.md §1, plus Users), in order, and their links,
 * gathered from the area registry (`./areas`). The command palette and the dashboard shortcuts
 * read the same list.
 */
import {
  IconChartLine,
  IconDeviceDesktopAnalytics,
  IconFolderOpen,
  IconShieldLock,
  IconSettings,
  IconUsersGroup,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { AccessContext } from '@/lib/permissions';
import { AREAS, NAV_SECTION_IDS, type AreaModule, type NavItem, type NavSectionId } from './areas';

export type { NavItem };
export type AreaId = NavSectionId;

export type NavModule = {
  id: AreaId;
  label: string;
  icon: Icon;
  /** Links in groups (a divider between groups). */
  groups: NavItem[][];
};

const SECTIONS: Record<NavSectionId, { label: string; icon: Icon }> = {
  hr: { label: 'nav.modules.hr', icon: IconUsersGroup },
  projects: { label: 'nav.modules.projects', icon: IconFolderOpen },
  finance: { label: 'nav.modules.finance', icon: IconChartLine },
  website: { label: 'nav.modules.website', icon: IconWorld },
  monitor: { label: 'nav.modules.monitor', icon: IconDeviceDesktopAnalytics },
  users: { label: 'nav.modules.users', icon: IconShieldLock },
  settings: { label: 'nav.modules.settings', icon: IconSettings },
};

/** The sidebar's modules, each holding the link groups of its areas in registry order. */
export function navModules(areas: readonly AreaModule[] = AREAS): NavModule[] {
  return NAV_SECTION_IDS.map((id) => ({
    id,
    ...SECTIONS[id],
    groups: areas
      .filter((area) => area.nav?.section === id)
      .flatMap((area) => (area.nav?.groups ?? []).map((group) => [...group])),
  })).filter((module) => module.groups.length > 0);
}

export const NAV_MODULES: NavModule[] = navModules();

/** The modules and links the account may open (modules without any link are left out). */
export function visibleModules(
  ctx: AccessContext,
  modules: NavModule[] = NAV_MODULES,
): NavModule[] {
  return modules
    .map((module) => ({
      ...module,
      groups: module.groups
        .map((group) => group.filter((item) => item.access(ctx)))
        .filter((group) => group.length > 0),
    }))
    .filter((module) => module.groups.length > 0);
}

/**
 * Every visible link, once (the same screen can be in two modules); with `firstOfGroup`, only
 * the first visible link of each group.
 */
export function visibleLinks(
  ctx: AccessContext,
  { firstOfGroup = false }: { firstOfGroup?: boolean } = {},
): (NavItem & { module: NavModule })[] {
  const seen = new Set<string>();
  const result: (NavItem & { module: NavModule })[] = [];
  for (const module of visibleModules(ctx)) {
    const items = firstOfGroup ? module.groups.map((g) => g[0]) : module.groups.flat();
    for (const item of items) {
      if (seen.has(item.to)) continue;
      seen.add(item.to);
      result.push({ ...item, module });
    }
  }
  return result;
}
