import { members, membershipTypes } from '@app/schema';
import { IconAddressBook, IconIdBadge2, IconSettings } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { areaStrings, recordScreens, type AreaModule } from '../area';

const screens = recordScreens({
  one: 'member',
  many: 'members',
  collection: members,
  settingsOf: membershipTypes,
  paths: paths.hr.members,
  screens: {
    list: () => import('../../routes/members/list'),
    new: () => import('../../routes/members/new'),
    view: () => import('../../routes/members/view'),
    update: () => import('../../routes/members/update'),
    settings: () => import('../../routes/members/settings'),
  },
  icons: { list: IconAddressBook, new: IconIdBadge2, settings: IconSettings },
});

/** Members of the organisation: their membership, dues and import. */
export const membersArea: AreaModule = {
  id: 'members',
  routes: [
    ...screens.routes,
    // The address of the old app's form.
    { path: paths.hr.membersOldNew.path, layout: 'default', redirect: paths.hr.members.new.path },
  ],
  nav: { section: 'hr', groups: [screens.links] },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
