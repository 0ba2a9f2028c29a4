import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconSettings, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { MemberImport } from '@/features/members/components/member-import';
import { MembersTable } from '@/features/members/components/members-table';
import { useCan } from '@/lib/session';

export default function MembersListRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('members.create');
  const canSettings = useCan('hr_settings.read');
  const [importOpened, importDialog] = useDisclosure(false);
  return (
    <PageFrame
      title={t('pages.members')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.hr') },
        { label: t('pages.members') },
      ]}
      actions={
        <>
          {canSettings && (
            <Button
              variant="default"
              component={Link}
              to={paths.hr.members.settings.getHref()}
              leftSection={<IconSettings size={18} />}
            >
              {t('members.list.settings')}
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
              to={paths.hr.members.new.getHref()}
              leftSection={<IconUserPlus size={18} />}
            >
              {t('members.list.create')}
            </Button>
          )}
        </>
      }
    >
      <MembersTable />
      {canCreate && <MemberImport opened={importOpened} onClose={importDialog.close} />}
    </PageFrame>
  );
}
