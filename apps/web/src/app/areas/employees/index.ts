import { employeeOptions, employees } from '@app/schema';
import { IconUserCog, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.hr.employees;
const can = {
  list: screenAccess(employees, 'list'),
  create: screenAccess(employees, 'create'),
  view: screenAccess(employees, 'view'),
  update: screenAccess(employees, 'update'),
  settings: screenAccess(employeeOptions, 'list'),
};

/** Staff: the accounts of the back office, their employment, salary and tasks. */
export const employeesArea: AreaModule = {
  id: 'employees',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.employees',
      access: can.list,
      screen: () => import('../../routes/employees/list'),
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.employeeNew',
      access: can.create,
      screen: () => import('../../routes/employees/new'),
    },
    {
      path: to.settings.path,
      layout: 'default',
      title: 'pages.employeeSettings',
      access: can.settings,
      screen: () => import('../../routes/employees/settings'),
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.employee',
      access: can.view,
      screen: () => import('../../routes/employees/view'),
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.employeeUpdate',
      access: can.update,
      screen: () => import('../../routes/employees/update'),
    },
  ],
  nav: {
    section: 'hr',
    groups: [
      [
        {
          id: 'employees',
          label: 'nav.links.allEmployees',
          to: to.list.getHref(),
          icon: IconUsers,
          access: can.list,
        },
        {
          id: 'employee-new',
          label: 'nav.links.createEmployee',
          to: to.new.getHref(),
          icon: IconUserPlus,
          access: can.create,
        },
        {
          id: 'employee-settings',
          label: 'nav.links.employeeSettings',
          to: to.settings.getHref(),
          icon: IconUserCog,
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
