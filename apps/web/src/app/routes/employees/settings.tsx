import { useTranslation } from '@/lib/i18n/use-translation';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { EmployeeSettings } from '@/features/employees/components/settings/employee-settings';
import { useCan } from '@/lib/session';

export default function EmployeeSettingsRoute() {
  const { t } = useTranslation();
  const canList = useCan('employees.read');
  return (
    <PageFrame
      title={t('pages.employeeSettings')}
      description={t('employees.settings.intro')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: t('pages.employees'),
          to: canList ? paths.hr.employees.list.getHref() : undefined,
        },
        { label: t('pages.employeeSettings') },
      ]}
    >
      <EmployeeSettings />
    </PageFrame>
  );
}
