import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconSettings, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { VolunteerImport } from '@/features/volunteers/components/volunteer-import';
import { VolunteersTable } from '@/features/volunteers/components/volunteers-table';
import { useCan } from '@/lib/session';

export default function VolunteersListRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('volunteers.create');
  const canSettings = useCan('hr_settings.read');
  const [importOpened, importDialog] = useDisclosure(false);
  return (
    <PageFrame
      title={t('pages.volunteers')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.hr') },
        { label: t('pages.volunteers') },
      ]}
      actions={
        <>
          {canSettings && (
            <Button
              variant="default"
              component={Link}
              to={paths.hr.volunteers.settings.getHref()}
              leftSection={<IconSettings size={18} />}
            >
              {t('volunteers.list.settings')}
            </Button>
          )}
          {canCreate && (
            <Button
              variant="default"
              onClick={importDialog.open}
              leftSection={<IconFileImport size={18} />}
            >
              {t('hrPeople.import.open')}
            </Button>
          )}
          {canCreate && (
            <Button
              component={Link}
              to={paths.hr.volunteers.new.getHref()}
              leftSection={<IconUserPlus size={18} />}
            >
              {t('volunteers.list.create')}
            </Button>
          )}
        </>
      }
    >
      <VolunteersTable />
      {canCreate && <VolunteerImport opened={importOpened} onClose={importDialog.close} />}
    </PageFrame>
  );
}
