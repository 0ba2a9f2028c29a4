import { roles } from '@app/schema';
import { IconTagPlus, IconTags } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { ROLES_TABLE } from '@/features/roles/table-source';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.users.roles;
const can = {
  list: screenAccess(roles, 'list'),
  create: screenAccess(roles, 'create'),
  view: screenAccess(roles, 'view', 'role_id'),
  update: screenAccess(roles, 'update', 'role_id'),
};

/** Roles and the permissions they grant. Listed once in the menu, under Users. */
export const rolesArea: AreaModule = {
  id: 'roles',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.roles',
      access: can.list,
      screen: () => import('../../routes/roles/list'),
      table: ROLES_TABLE,
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.roleNew',
      access: can.create,
      screen: () => import('../../routes/roles/new'),
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.role',
      access: can.view,
      screen: () => import('../../routes/roles/view'),
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.roleUpdate',
      access: can.update,
      screen: () => import('../../routes/roles/update'),
    },
  ],
  nav: {
    section: 'users',
    groups: [
      [
        {
          id: 'roles',
          label: 'nav.links.roles',
          to: to.list.getHref(),
          icon: IconTags,
          access: can.list,
        },
        {
          id: 'role-new',
          label: 'nav.links.createRole',
          to: to.new.getHref(),
          icon: IconTagPlus,
          access: can.create,
        },
      ],
    ],
  },
  strings: areaStrings('roles'),
};
