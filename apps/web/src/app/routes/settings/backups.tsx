import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { BackupsPanel } from '@/features/backups/components/backups-panel';
import { useCan } from '@/lib/session';

export default function BackupsRoute() {
  const { t } = useTranslation();
  const canManage = useCan('settings.update');
  return (
    <PageFrame
      title={t('pages.backups')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.settings') },
        { label: t('nav.links.backups') },
      ]}
    >
      <BackupsPanel canManage={canManage} />
    </PageFrame>
  );
}
