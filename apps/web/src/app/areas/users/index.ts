import { users } from '@app/schema';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.users;
const can = {
  list: screenAccess(users, 'list'),
  create: screenAccess(users, 'create'),
  view: screenAccess(users, 'view'),
  update: screenAccess(users, 'update'),
};

/** Accounts that are not staff (board members, accountants…): their roles and status. */
export const usersArea: AreaModule = {
  id: 'users',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.users',
      access: can.list,
      screen: () => import('../../routes/users/list'),
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.userNew',
      access: can.create,
      screen: () => import('../../routes/users/new'),
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.user',
      access: can.view,
      screen: () => import('../../routes/users/view'),
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.userUpdate',
      access: can.update,
      screen: () => import('../../routes/users/update'),
    },
  ],
  nav: {
    section: 'users',
    groups: [
      [
        {
          id: 'users',
          label: 'nav.links.allUsers',
          to: to.list.getHref(),
          icon: IconUsers,
          access: can.list,
        },
        {
          id: 'user-new',
          label: 'nav.links.createUser',
          to: to.new.getHref(),
          icon: IconUserPlus,
          access: can.create,
        },
      ],
    ],
  },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
