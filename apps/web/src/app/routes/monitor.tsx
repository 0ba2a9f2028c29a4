import { useTranslation } from '@/lib/i18n/use-translation';
import { useMatches } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { ActivityMonitor } from '@/features/monitor/components/activity-monitor';
import { isRouteHandle } from '../route-handle';

export default function MonitorRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches
    .map((m) => m.handle)
    .filter(isRouteHandle)
    .reverse()
    .find((h) => h.section);
  const section = handle?.section ?? 'all';
  return (
    <PageFrame
      title={t(`pages.monitor.${section}`)}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.monitor'), to: paths.monitor.all.getHref() },
        {
          label: t(
            `nav.links.${section === 'all' ? 'allOperations' : `monitor${section[0].toUpperCase()}${section.slice(1)}`}`,
          ),
        },
      ]}
    >
      <ActivityMonitor key={section} section={section} />
    </PageFrame>
  );
}
