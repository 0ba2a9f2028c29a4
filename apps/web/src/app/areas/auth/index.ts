import { paths } from '@/config/paths';
import { separateStrings, type AreaModule } from '../area';

/** Sign-in, forgotten password and its reset link: public, on the blank layout. */
export const authArea: AreaModule = {
  id: 'auth',
  routes: [
    { path: paths.auth.root.path, layout: 'blank', redirect: paths.auth.login.path },
    {
      path: paths.auth.login.path,
      layout: 'blank',
      screen: () => import('../../routes/auth/login'),
    },
    {
      path: paths.auth.forgotPassword.path,
      layout: 'blank',
      screen: () => import('../../routes/auth/forgot-password'),
    },
    {
      path: paths.auth.confirmPasswordReset.path,
      layout: 'blank',
      screen: () => import('../../routes/auth/confirm-password-reset'),
    },
  ],
  strings: separateStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
