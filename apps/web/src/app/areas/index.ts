/**
 * The area registry: every area of the app, in menu order. The router (`../start/router.tsx`), the
 * sidebar, the command palette and the dashboard shortcuts read it; the
 * dictionary loads each area's texts from it. Nothing else lists screens.
 *
 * Adding an area `things` (the shape is `AreaModule` in `./area.ts`):
 *
 *   src/app/areas/things/index.ts   export const thingsArea: AreaModule = {
 *                                     id: 'things',
 *                                     routes: [{ path, layout: 'default' | 'blank', title,
 *                                                access, screen: () => import(…) }  // lazy chunk
 *                                              | { path, layout, redirect }],
 *                                     nav: { section: 'projects', groups: [[{ id, label, to,
 *                                                                             icon, access }]] },
 *                                     strings: areaStrings('things'),
 *                                   };
 *   src/app/areas/things/en.ts      export const en = { nav: { links: {…} }, pages: {…},
 *                                                       things: {…} } as const;
 *   src/app/areas/things/ar.ts      export const ar: Translated<typeof en> = {…};  // same keys
 *   src/app/areas/texts-en.ts, texts-ar.ts   a line each: every area's texts load as one file
 *   src/app/routes/things/*.tsx     the screens (default export), built from src/features/things
 *   src/config/paths.ts             the link builders, so other areas can link to these screens
 *
 * and one line below. `access` comes from the collection's declared access in `@app/schema`:
 * `screenAccess(things, 'list' | 'view' | 'create' | 'update')` (its permission, and the own
 * record for the record screens of a sign-in collection); name a permission by hand only for a
 * screen without a collection. The texts merge into one dictionary (keys stay global:
 * `things.list.title`, `pages.things`). The import direction is `components`/`lib` -> `features`
 * -> `app`: the areas live in `app` because they name the route modules; features never import
 * an area (they link through `@/config/paths`).
 */
import { registerDictionaries } from '@/lib/i18n';
import { NAV_SECTION_IDS, type AreaModule } from './area';
import { authArea } from './auth';
import { dashboardArea } from './dashboard';
import { employeesArea } from './employees';
import { financeArea } from './finance';
import { membersArea } from './members';
import { monitorArea } from './monitor';
import { projectsArea } from './projects';
import { rolesArea } from './roles';
import { settingsArea } from './settings';
import { usersArea } from './users';
import { volunteersArea } from './volunteers';
import { websiteArea } from './website';

export type { AreaModule, AreaRoute, NavItem, NavSectionId, MonitorSection } from './area';

/** Every area; within a sidebar section, links follow this order. */
export const AREAS: readonly AreaModule[] = [
  authArea,
  dashboardArea,
  employeesArea,
  membersArea,
  volunteersArea,
  projectsArea,
  financeArea,
  websiteArea,
  monitorArea,
  usersArea,
  rolesArea,
  settingsArea,
];

export { NAV_SECTION_IDS };

/** Gives the dictionary every area's texts (before i18n starts, or at once when it runs). */
export async function registerAreaStrings(areas: readonly AreaModule[] = AREAS): Promise<void> {
  await Promise.all(
    areas.flatMap((area) => (area.strings ? [registerDictionaries(area.strings)] : [])),
  );
}
