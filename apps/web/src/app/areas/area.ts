import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Dictionary, DictionaryLoaders } from '@/lib/i18n';
import type { AccessRule } from '@/lib/permissions';

/** The sidebar's sections, in order; each area puts its links into one of them. */
export const NAV_SECTION_IDS = [
  'hr',
  'projects',
  'finance',
  'website',
  'monitor',
  'users',
  'settings',
] as const;
export type NavSectionId = (typeof NAV_SECTION_IDS)[number];

/** The activity monitor's sections (one screen, five filters). */
export type MonitorSection = 'all' | 'hr' | 'projects' | 'finance' | 'website';

/** A route module: its default export is the screen (each its own chunk). */
export type ScreenModule = { default: ComponentType };

/** One screen (or redirect) of an area. */
export type AreaRoute = {
  /** The absolute path (from `@/config/paths`). */
  path: string;
  /** `default`: top bar and sidebar; `blank`: a page of its own (sign-in, printable report). */
  layout: 'default' | 'blank';
  /** i18n key of the page title. */
  title?: string;
  /** Who may open it; others get the 403 page. Unset: the guard alone decides (public screens). */
  access?: AccessRule;
} & (
  | { screen: () => Promise<ScreenModule>; section?: MonitorSection }
  /** An old or bare address that leads to another one. */
  | { redirect: string }
);

/** A link of the sidebar, the command palette and the dashboard shortcuts. */
export type NavItem = {
  id: string;
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: Icon;
  access: AccessRule;
};

/** One area of the app: everything the shell needs to know about it. */
export type AreaModule = {
  id: string;
  routes: readonly AreaRoute[];
  /** Its links: groups (a divider between groups) in one sidebar section. */
  nav?: { section: NavSectionId; groups: readonly (readonly NavItem[])[] };
  /** Its texts in each language (`./en.ts`, `./ar.ts`), merged into the one dictionary. */
  strings?: DictionaryLoaders;
};

/** An area's texts: each language's file, loaded with the area as its own chunk. */
export function areaStrings(
  en: () => Promise<{ en: Dictionary }>,
  ar: () => Promise<{ ar: Dictionary }>,
): DictionaryLoaders {
  return { en: async () => (await en()).en, ar: async () => (await ar()).ar };
}
