import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { ApprovalsSettings } from '@/features/organisation/components/approvals-settings';
import { IdentitySettings } from '@/features/organisation/components/identity-settings';
import { TwoFactorSettings } from '@/features/organisation/components/two-factor-settings';
import { useCan } from '@/lib/session';

/** /settings/organisation: who the organisation is on its documents, and its own rules. */
export default function OrganisationSettingsRoute() {
  const { t } = useTranslation();
  const canManage = useCan('settings.update');
  return (
    <PageFrame
      title={t('pages.organisation')}
      description={t('organisation.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.settings') },
        { label: t('nav.links.organisation') },
      ]}
    >
      <IdentitySettings canManage={canManage} />
      <ApprovalsSettings canManage={canManage} />
      <TwoFactorSettings canManage={canManage} />
    </PageFrame>
  );
}
