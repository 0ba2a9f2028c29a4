import { Button } from '@mantine/core';
import { IconSettings, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { EmployeesTable } from '@/features/employees/components/employees-table';
import { useCan } from '@/lib/session';

export default function EmployeesListRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('employees.create');
  const canSettings = useCan('hr_settings.read');
  return (
    <PageFrame
      title={t('pages.employees')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.hr') },
        { label: t('pages.employees') },
      ]}
      actions={
        <>
          {canSettings && (
            <Button
              component={Link}
              to={paths.hr.employees.settings.getHref()}
              variant="default"
              leftSection={<IconSettings size={18} />}
            >
              {t('employees.list.settings')}
            </Button>
          )}
          {canCreate && (
            <Button
              component={Link}
              to={paths.hr.employees.new.getHref()}
              leftSection={<IconUserPlus size={18} />}
            >
              {t('employees.list.create')}
            </Button>
          )}
        </>
      }
    >
      <EmployeesTable />
    </PageFrame>
  );
}
