import { IconBuildingCommunity, IconDatabase, IconDatabaseImport } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { administrator, anyPermission } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

// Backups and the organisation's settings: the settings permissions decide (the server checks
// the same).
const canRead = anyPermission('settings.read');
// The import writes every area's records and roles: an administrator only (as the server says).
const canImport = administrator;

/**
 * The administrator's settings: the organisation's rules (self-approval), backups (make,
 * download, upload, restore) and the import.
 */
export const settingsArea: AreaModule = {
  id: 'settings',
  routes: [
    {
      path: paths.settings.organisation.path,
      layout: 'default',
      title: 'pages.organisation',
      access: canRead,
      screen: () => import('../../routes/settings/organisation'),
    },
    {
      path: paths.settings.backups.path,
      layout: 'default',
      title: 'pages.backups',
      access: canRead,
      screen: () => import('../../routes/settings/backups'),
    },
    {
      path: paths.settings.import.path,
      layout: 'default',
      title: 'pages.pbImport',
      access: canImport,
      screen: () => import('../../routes/settings/import'),
    },
  ],
  nav: {
    section: 'settings',
    groups: [
      [
        {
          id: 'organisation',
          label: 'nav.links.organisation',
          to: paths.settings.organisation.getHref(),
          icon: IconBuildingCommunity,
          access: canRead,
        },
        {
          id: 'backups',
          label: 'nav.links.backups',
          to: paths.settings.backups.getHref(),
          icon: IconDatabase,
          access: canRead,
        },
        {
          id: 'pb-import',
          label: 'nav.links.pbImport',
          to: paths.settings.import.getHref(),
          icon: IconDatabaseImport,
          access: canImport,
        },
      ],
    ],
  },
  strings: areaStrings('settings'),
};
