import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { ImportPanel } from '@/features/pocketbase-import/components/import-panel';

export default function ImportRoute() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.pbImport')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.settings') },
        { label: t('nav.links.pbImport') },
      ]}
    >
      <ImportPanel />
    </PageFrame>
  );
}
