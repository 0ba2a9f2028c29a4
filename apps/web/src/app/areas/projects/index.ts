import { projectActivities, projectBudgetLines, projects } from '@app/schema';
import { IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { PROJECTS_TABLE } from '@/features/projects/table-source';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, recordScreens, type AreaModule } from '../area';

const to = paths.projects;
const screens = recordScreens({
  one: 'project',
  many: 'projects',
  collection: projects,
  paths: to,
  screens: {
    list: () => import('../../routes/projects/list'),
    new: () => import('../../routes/projects/new'),
    view: () => import('../../routes/projects/view'),
    update: () => import('../../routes/projects/update'),
  },
  icons: { list: IconFolders, new: IconFolderPlus },
  listTable: PROJECTS_TABLE,
});

/** Projects and their activities: the lists, the record pages and the printable report. */
export const projectsArea: AreaModule = {
  id: 'projects',
  routes: [
    ...screens.routes,
    {
      path: to.report.path,
      layout: 'blank',
      title: 'pages.projectReport',
      access: screenAccess(projects, 'view'),
      screen: () => import('../../routes/project-report'),
    },
    {
      path: to.financeReport.path,
      layout: 'blank',
      title: 'pages.projectFinanceReport',
      access: screenAccess(projectBudgetLines, 'list'),
      screen: () => import('../../routes/project-finance-report'),
    },
    {
      path: paths.activities.view.path,
      layout: 'default',
      title: 'pages.activity',
      access: screenAccess(projectActivities, 'view'),
      screen: () => import('../../routes/activities/view'),
    },
  ],
  nav: { section: 'projects', groups: [screens.links] },
  strings: areaStrings('projects'),
};
