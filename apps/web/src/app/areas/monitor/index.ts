import { userActivities } from '@app/schema';
import {
  IconDeviceDesktop,
  IconEye,
  IconPencil,
  IconStar,
  IconUserScan,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule, type AreaRoute, type MonitorSection } from '../area';

const to = paths.monitor;
const canRead = screenAccess(userActivities, 'list');

// One screen, five sections (a filter on the audit categories).
const section = (path: string, name: MonitorSection): AreaRoute => ({
  path,
  layout: 'default',
  title: `pages.monitor.${name}`,
  access: canRead,
  section: name,
  screen: () => import('../../routes/monitor'),
});

/** Every change made through the app, live. */
export const monitorArea: AreaModule = {
  id: 'monitor',
  routes: [
    section(to.all.path, 'all'),
    section(to.finance.path, 'finance'),
    section(to.hr.path, 'hr'),
    section(to.projects.path, 'projects'),
    section(to.website.path, 'website'),
    { path: to.root.path, layout: 'default', redirect: to.all.path },
  ],
  nav: {
    section: 'monitor',
    groups: [
      [
        {
          id: 'monitor-all',
          label: 'nav.links.allOperations',
          to: to.all.getHref(),
          icon: IconDeviceDesktop,
          access: canRead,
        },
        {
          id: 'monitor-hr',
          label: 'nav.links.monitorHr',
          to: to.hr.getHref(),
          icon: IconUserScan,
          access: canRead,
        },
        {
          id: 'monitor-projects',
          label: 'nav.links.monitorProjects',
          to: to.projects.getHref(),
          icon: IconStar,
          access: canRead,
        },
        {
          id: 'monitor-finance',
          label: 'nav.links.monitorFinance',
          to: to.finance.getHref(),
          icon: IconEye,
          access: canRead,
        },
        {
          id: 'monitor-website',
          label: 'nav.links.monitorWebsite',
          to: to.website.getHref(),
          icon: IconPencil,
          access: canRead,
        },
      ],
    ],
  },
  strings: areaStrings('monitor'),
};
