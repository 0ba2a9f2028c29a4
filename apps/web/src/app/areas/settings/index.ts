import { IconDatabase } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { anyPermission } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

// Backups belong to no collection: the settings permissions decide (the server checks the same).
const canRead = anyPermission('settings.read');

/** The administrator's settings: backups (make, download, upload, restore). */
export const settingsArea: AreaModule = {
  id: 'settings',
  routes: [
    {
      path: paths.settings.backups.path,
      layout: 'default',
      title: 'pages.backups',
      access: canRead,
      screen: () => import('../../routes/settings/backups'),
    },
  ],
  nav: {
    section: 'settings',
    groups: [
      [
        {
          id: 'backups',
          label: 'nav.links.backups',
          to: paths.settings.backups.getHref(),
          icon: IconDatabase,
          access: canRead,
        },
      ],
    ],
  },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
