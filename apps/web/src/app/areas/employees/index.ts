import { employeeOptions, employees } from '@app/schema';
import { IconUserCog, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { areaStrings, recordScreens, type AreaModule } from '../area';

const screens = recordScreens({
  one: 'employee',
  many: 'employees',
  collection: employees,
  settingsOf: employeeOptions,
  paths: paths.hr.employees,
  screens: {
    list: () => import('../../routes/employees/list'),
    new: () => import('../../routes/employees/new'),
    view: () => import('../../routes/employees/view'),
    update: () => import('../../routes/employees/update'),
    settings: () => import('../../routes/employees/settings'),
  },
  icons: { list: IconUsers, new: IconUserPlus, settings: IconUserCog },
});

/** Staff: the accounts of the back office, their employment, salary and tasks. */
export const employeesArea: AreaModule = {
  id: 'employees',
  routes: screens.routes,
  nav: { section: 'hr', groups: [screens.links] },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
