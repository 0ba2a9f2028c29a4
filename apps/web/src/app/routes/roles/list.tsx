import { Button } from '@mantine/core';
import { IconTagPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { RolesTable } from '@/features/roles/components/roles-table';
import { useCan } from '@/lib/session';

export default function RolesListRoute() {
  const { t } = useTranslation();
  const canCreate = useCan('roles.create');
  const canUpdate = useCan('roles.update');
  return (
    <PageFrame
      title={t('pages.roles')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.users') },
        { label: t('nav.links.roles') },
      ]}
      actions={
        canCreate && (
          <Button
            component={Link}
            to={paths.users.roles.new.getHref()}
            leftSection={<IconTagPlus size={18} />}
          >
            {t('roles.list.create')}
          </Button>
        )
      }
    >
      <RolesTable canUpdate={canUpdate} />
    </PageFrame>
  );
}
