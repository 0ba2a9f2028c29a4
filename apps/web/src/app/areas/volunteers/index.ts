import { volunteerSkills, volunteers } from '@app/schema';
import { IconHeartHandshake, IconSettings, IconUserHeart } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.hr.volunteers;
const can = {
  list: screenAccess(volunteers, 'list'),
  create: screenAccess(volunteers, 'create'),
  view: screenAccess(volunteers, 'view'),
  update: screenAccess(volunteers, 'update'),
  settings: screenAccess(volunteerSkills, 'list'),
};

/** Volunteers: their skills, availability, hours and import. */
export const volunteersArea: AreaModule = {
  id: 'volunteers',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.volunteers',
      access: can.list,
      screen: () => import('../../routes/volunteers/list'),
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.volunteerNew',
      access: can.create,
      screen: () => import('../../routes/volunteers/new'),
    },
    {
      path: to.settings.path,
      layout: 'default',
      title: 'pages.volunteerSettings',
      access: can.settings,
      screen: () => import('../../routes/volunteers/settings'),
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.volunteer',
      access: can.view,
      screen: () => import('../../routes/volunteers/view'),
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.volunteerUpdate',
      access: can.update,
      screen: () => import('../../routes/volunteers/update'),
    },
  ],
  nav: {
    section: 'hr',
    groups: [
      [
        {
          id: 'volunteers',
          label: 'nav.links.allVolunteers',
          to: to.list.getHref(),
          icon: IconHeartHandshake,
          access: can.list,
        },
        {
          id: 'volunteer-new',
          label: 'nav.links.createVolunteer',
          to: to.new.getHref(),
          icon: IconUserHeart,
          access: can.create,
        },
        {
          id: 'volunteer-settings',
          label: 'nav.links.volunteerSettings',
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
