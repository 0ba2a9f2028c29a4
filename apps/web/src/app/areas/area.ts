import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { TableSource } from '@/lib/data/table-source';
import type { Dictionary, DictionaryLoaders } from '@/lib/i18n';
import { screenAccess, type AccessRule } from '@/lib/permissions';
import { paths } from '@/config/paths';

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
  | {
      screen: () => Promise<ScreenModule>;
      section?: MonitorSection;
      /** The screen's table: its first page is requested while the screen's code loads. */
      table?: TableSource;
    }
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

/** The areas whose texts are in `texts-en.ts` and `texts-ar.ts`: every area but the sign-in's. */
export type AreaWithSharedTexts = keyof typeof import('./texts-en');

/**
 * An area's texts (`./<area>/en.ts`, `./<area>/ar.ts`), loaded with every other area's in one
 * file per language (`texts-en.ts`, `texts-ar.ts`).
 */
export function areaStrings(area: AreaWithSharedTexts): DictionaryLoaders {
  return {
    en: async () => (await import('./texts-en'))[area],
    ar: async () => (await import('./texts-ar'))[area],
  };
}

/**
 * An area's texts in files of their own: the sign-in screens', which the sign-in page loads
 * without the rest.
 */
export function separateStrings(
  en: () => Promise<{ en: Dictionary }>,
  ar: () => Promise<{ ar: Dictionary }>,
): DictionaryLoaders {
  return { en: async () => (await en()).en, ar: async () => (await ar()).ar };
}

type Link = { path: string; getHref: () => string };
type RecordLink = { path: string; getHref: (id: string) => string };
type Loader = () => Promise<ScreenModule>;
type Declared = Parameters<typeof screenAccess>[0];
type Screens = { list: Loader; new: Loader; view: Loader; update: Loader; settings?: Loader };

/** The record screens under app/routes (`routes/members/list.tsx`), each loaded as its own chunk. */
const ROUTE_SCREENS = import.meta.glob<ScreenModule>(
  '../routes/*/{list,new,view,update,settings}.tsx',
);

/** The screens in `app/routes/<folder>/` (list, new, view, update and, if present, settings). */
function screensIn(folder: string): Screens {
  const at = (name: string) => {
    const load = ROUTE_SCREENS[`../routes/${folder}/${name}.tsx`];
    if (!load && name !== 'settings')
      throw new Error(`app/routes/${folder}/${name}.tsx is missing`);
    return load;
  };
  return {
    list: at('list')!,
    new: at('new')!,
    view: at('view')!,
    update: at('update')!,
    settings: at('settings'),
  };
}

/**
 * The screens of one collection's records, named by convention from the record's noun (`member`,
 * `members`): the list, create, view and update screens (titles `pages.members`,
 * `pages.memberNew`, `pages.member`, `pages.memberUpdate`) under the access the collection
 * declares, and the "All Members" / "Create Member" links; with `settings`, the settings screen of
 * its option collection (`pages.memberSettings`) and its link. The screens are those in
 * `app/routes/<many>/` unless `screens` says otherwise; each is its own chunk.
 */
export function recordScreens(spec: {
  one: string;
  many: string;
  collection: Declared;
  paths: { list: Link; new: Link; view: RecordLink; update: RecordLink; settings?: Link };
  screens?: Screens;
  icons: { list: Icon; new: Icon; settings?: Icon };
  /** The collection of options its settings screen manages. */
  settingsOf?: Declared;
  /** The list screen's table (its first page is requested with the screen's code). */
  listTable?: TableSource;
}): { routes: AreaRoute[]; links: NavItem[] } {
  const { one, many, collection, paths, icons } = spec;
  const screens = spec.screens ?? screensIn(many);
  const One = one.charAt(0).toUpperCase() + one.slice(1);
  const Many = many.charAt(0).toUpperCase() + many.slice(1);
  const can = {
    list: screenAccess(collection, 'list'),
    create: screenAccess(collection, 'create'),
    view: screenAccess(collection, 'view'),
    update: screenAccess(collection, 'update'),
  };
  const screen = (path: string, title: string, access: AccessRule, load: Loader): AreaRoute => ({
    path,
    layout: 'default',
    title,
    access,
    screen: load,
  });
  const routes = [
    { ...screen(paths.list.path, `pages.${many}`, can.list, screens.list), table: spec.listTable },
    screen(paths.new.path, `pages.${one}New`, can.create, screens.new),
    screen(paths.view.path, `pages.${one}`, can.view, screens.view),
    screen(paths.update.path, `pages.${one}Update`, can.update, screens.update),
  ];
  const links: NavItem[] = [
    {
      id: many,
      label: `nav.links.all${Many}`,
      to: paths.list.getHref(),
      icon: icons.list,
      access: can.list,
    },
    {
      id: `${one}-new`,
      label: `nav.links.create${One}`,
      to: paths.new.getHref(),
      icon: icons.new,
      access: can.create,
    },
  ];
  if (spec.settingsOf && paths.settings && screens.settings && icons.settings) {
    const access = screenAccess(spec.settingsOf, 'list');
    routes.push(screen(paths.settings.path, `pages.${one}Settings`, access, screens.settings));
    links.push({
      id: `${one}-settings`,
      label: `nav.links.${one}Settings`,
      to: paths.settings.getHref(),
      icon: icons.settings,
      access,
    });
  }
  return { routes, links };
}

type HrCollection = Declared & { name: 'employees' | 'members' | 'volunteers' };

/**
 * An HR area that is one collection's record screens (employees, members, volunteers), all by
 * convention from the collection's name (`members`, one `member`): screens in
 * `app/routes/members/`, paths `paths.hr.members`, strings in `app/areas/members/`. What is left
 * is what differs: the option collection of its settings, its icons, and routes of its own.
 */
export function hrRecordArea(
  collection: HrCollection,
  spec: {
    settingsOf: Declared;
    icons: { list: Icon; new: Icon; settings: Icon };
    listTable: TableSource;
    extraRoutes?: AreaRoute[];
  },
): AreaModule {
  const many = collection.name;
  const { routes, links } = recordScreens({
    ...spec,
    one: many.replace(/s$/, ''),
    many,
    collection,
    paths: paths.hr[many],
  });
  return {
    id: many,
    routes: [...routes, ...(spec.extraRoutes ?? [])],
    nav: { section: 'hr', groups: [links] },
    strings: areaStrings(many),
  };
}
