import { members, membershipTypes } from '@app/schema';
import { IconAddressBook, IconIdBadge2, IconSettings } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.hr.members;
const can = {
  list: screenAccess(members, 'list'),
  create: screenAccess(members, 'create'),
  view: screenAccess(members, 'view'),
  update: screenAccess(members, 'update'),
  settings: screenAccess(membershipTypes, 'list'),
};

/** Members of the organisation: their membership, dues and import. */
export const membersArea: AreaModule = {
  id: 'members',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.members',
      access: can.list,
      screen: () => import('../../routes/members/list'),
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.memberNew',
      access: can.create,
      screen: () => import('../../routes/members/new'),
    },
    {
      path: to.settings.path,
      layout: 'default',
      title: 'pages.memberSettings',
      access: can.settings,
      screen: () => import('../../routes/members/settings'),
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.member',
      access: can.view,
      screen: () => import('../../routes/members/view'),
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.memberUpdate',
      access: can.update,
      screen: () => import('../../routes/members/update'),
    },
    // The address of the old app's form.
    { path: paths.hr.membersOldNew.path, layout: 'default', redirect: to.new.path },
  ],
  nav: {
    section: 'hr',
    groups: [
      [
        {
          id: 'members',
          label: 'nav.links.allMembers',
          to: to.list.getHref(),
          icon: IconAddressBook,
          access: can.list,
        },
        {
          id: 'member-new',
          label: 'nav.links.createMember',
          to: to.new.getHref(),
          icon: IconIdBadge2,
          access: can.create,
        },
        {
          id: 'member-settings',
          label: 'nav.links.memberSettings',
          to: to.settings.getHref(),
          icon: IconSettings,
          access: can.settings,
        },
      ],
    ],
  },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
