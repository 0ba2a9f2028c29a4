import { useTranslation } from '@/lib/i18n/use-translation';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { StatusPage } from '@/components/page/status-page';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';

/** A route's error boundary: 404 "Page Not Found" with the path, else "Internal Server Error". */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : toAppError(error).status || 500;
  if (status === 404) {
    return (
      <StatusPage
        status={404}
        title={t('errors.notFoundTitle')}
        description={t('errors.notFoundBody')}
        detail={pathname}
        action={{ label: t('errors.goHome'), to: paths.home.getHref() }}
      />
    );
  }
  // Offline, a screen whose code this device never downloaded cannot open: say that, not 500.
  // (The browser's own word: this page is on the sign-in page's path, without the data layer.)
  if (!navigator.onLine) {
    return (
      <StatusPage
        title={t('offline.screenTitle')}
        description={t('offline.screenBody')}
        action={{ label: t('errors.goHome'), to: paths.home.getHref() }}
      />
    );
  }
  const message = isRouteErrorResponse(error)
    ? String(error.statusText || '')
    : error instanceof Error
      ? error.message
      : '';
  return (
    <StatusPage
      status={status >= 400 ? status : 500}
      title={t('errors.serverErrorTitle')}
      description={message || t('errors.serverErrorBody')}
      action={{ label: t('errors.goHome'), to: paths.home.getHref() }}
    />
  );
}
