import { projects } from '@app/schema';
import { IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { anyPermission, screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';
import { placeholderScreen } from '../placeholder';

const to = paths.projects;
const can = {
  list: screenAccess(projects, 'list'),
  create: screenAccess(projects, 'create'),
  view: screenAccess(projects, 'view'),
  update: screenAccess(projects, 'update'),
  // Activities have no collection yet: their screen is opened by the permission.
  activity: anyPermission('activities.read'),
};

/** Projects and their activities (screens of a later issue: placeholders for now). */
export const projectsArea: AreaModule = {
  id: 'projects',
  routes: [
    {
      path: to.list.path,
      layout: 'default',
      title: 'pages.projects',
      access: can.list,
      screen: placeholderScreen,
    },
    {
      path: to.new.path,
      layout: 'default',
      title: 'pages.projectNew',
      access: can.create,
      screen: placeholderScreen,
    },
    {
      path: to.view.path,
      layout: 'default',
      title: 'pages.project',
      access: can.view,
      screen: placeholderScreen,
    },
    {
      path: to.update.path,
      layout: 'default',
      title: 'pages.projectUpdate',
      access: can.update,
      screen: placeholderScreen,
    },
    {
      path: to.report.path,
      layout: 'blank',
      title: 'pages.projectReport',
      access: can.view,
      screen: () => import('../../routes/project-report'),
    },
    {
      path: paths.activities.view.path,
      layout: 'default',
      title: 'pages.activity',
      access: can.activity,
      screen: placeholderScreen,
    },
  ],
  nav: {
    section: 'projects',
    groups: [
      [
        {
          id: 'projects',
          label: 'nav.links.allProjects',
          to: to.list.getHref(),
          icon: IconFolders,
          access: can.list,
        },
        {
          id: 'project-new',
          label: 'nav.links.createProjects',
          to: to.new.getHref(),
          icon: IconFolderPlus,
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
