import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { MembershipTypesSettings } from '@/features/members/components/membership-types-settings';
import { useCan } from '@/lib/session';

export default function MemberSettingsRoute() {
  const { t } = useTranslation();
  const canList = useCan('members.read');
  return (
    <PageFrame
      title={t('pages.memberSettings')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.members'), to: canList ? paths.hr.members.list.getHref() : undefined },
        { label: t('pages.memberSettings') },
      ]}
    >
      <MembershipTypesSettings />
    </PageFrame>
  );
}
