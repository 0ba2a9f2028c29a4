import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';
import { StatusPage } from '@/components/page/status-page';
import { paths } from '@/config/paths';

/** Unknown path: 404 "Page Not Found", showing the path. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
