import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { UsersTable } from '@/features/users/components/users-table';
import { useCan } from '@/lib/session';

export default function UsersListRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('users.create');
  return (
    <PageFrame
      title={t('pages.users')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.users') },
      ]}
      actions={
        canCreate && (
          <Button
            component={Link}
            to={paths.users.new.getHref()}
            leftSection={<IconUserPlus size={18} />}
          >
            {t('users.list.create')}
          </Button>
        )
      }
    >
      <UsersTable />
    </PageFrame>
  );
}
