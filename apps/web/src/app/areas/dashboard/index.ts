import { paths } from '@/config/paths';
import { signedIn } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

/** The home screen of every signed-in account. */
export const dashboardArea: AreaModule = {
  id: 'dashboard',
  routes: [
    {
      path: paths.home.path,
      layout: 'default',
      title: 'pages.dashboard',
      access: signedIn,
      screen: () => import('../../routes/dashboard'),
    },
  ],
  strings: areaStrings('dashboard'),
};
