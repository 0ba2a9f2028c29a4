import { useTranslation } from '@/lib/i18n/use-translation';
import { Outlet, useMatches } from 'react-router';
import { StatusPage } from '@/components/page/status-page';
import { paths } from '@/config/paths';
import { isRouteHandle } from './route-handle';
import { useAccessContext } from './use-access-context';

/** Renders the matched route, or the 403 page when the account may not open it. */
export function RouteAccess() {
  const { t } = useTranslation();
  const matches = useMatches();
  const ctx = useAccessContext();
  const denied = matches.some((match) => {
    const handle = match.handle;
    return (
      isRouteHandle(handle) &&
      handle.access !== undefined &&
      !handle.access({ ...ctx, params: match.params })
    );
  });
  if (denied) {
    return (
      <StatusPage
        status={403}
        title={t('errors.forbiddenTitle')}
        description={t('errors.forbiddenBody')}
        action={{ label: t('errors.goHome'), to: paths.home.getHref() }}
      />
    );
  }
  return <Outlet />;
}
