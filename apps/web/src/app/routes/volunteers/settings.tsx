import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { SkillsSettings } from '@/features/volunteers/components/skills-settings';
import { useCan } from '@/lib/session';

export default function VolunteerSettingsRoute() {
  const { t } = useTranslation();
  const canList = useCan('volunteers.read');
  return (
    <PageFrame
      title={t('pages.volunteerSettings')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: t('pages.volunteers'),
          to: canList ? paths.hr.volunteers.list.getHref() : undefined,
        },
        { label: t('pages.volunteerSettings') },
      ]}
    >
      <SkillsSettings />
    </PageFrame>
  );
}
