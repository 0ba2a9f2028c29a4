import { users } from '@app/schema';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { USERS_TABLE } from '@/features/users/table-source';
import { areaStrings, recordScreens, type AreaModule } from '../area';

const screens = recordScreens({
  one: 'user',
  many: 'users',
  collection: users,
  paths: paths.users,
  screens: {
    list: () => import('../../routes/users/list'),
    new: () => import('../../routes/users/new'),
    view: () => import('../../routes/users/view'),
    update: () => import('../../routes/users/update'),
  },
  icons: { list: IconUsers, new: IconUserPlus },
  listTable: USERS_TABLE,
});

/** Accounts that are not staff (board members, accountants…): their roles and status. */
export const usersArea: AreaModule = {
  id: 'users',
  routes: screens.routes,
  nav: { section: 'users', groups: [screens.links] },
  strings: areaStrings('users'),
};
