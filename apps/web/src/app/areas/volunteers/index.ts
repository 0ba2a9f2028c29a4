import { volunteerSkills, volunteers } from '@app/schema';
import { IconHeartHandshake, IconSettings, IconUserHeart } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { areaStrings, recordScreens, type AreaModule } from '../area';

const screens = recordScreens({
  one: 'volunteer',
  many: 'volunteers',
  collection: volunteers,
  settingsOf: volunteerSkills,
  paths: paths.hr.volunteers,
  screens: {
    list: () => import('../../routes/volunteers/list'),
    new: () => import('../../routes/volunteers/new'),
    view: () => import('../../routes/volunteers/view'),
    update: () => import('../../routes/volunteers/update'),
    settings: () => import('../../routes/volunteers/settings'),
  },
  icons: { list: IconHeartHandshake, new: IconUserHeart, settings: IconSettings },
});

/** Volunteers: their skills, availability, hours and import. */
export const volunteersArea: AreaModule = {
  id: 'volunteers',
  routes: screens.routes,
  nav: { section: 'hr', groups: [screens.links] },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
