import { Button } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { ProjectsTable } from '@/features/projects/components/projects-table';

export default function ProjectsListRoute() {
  const { t } = useTranslation();
  const canCreate = useCanAct('projects', 'create');
  return (
    <PageFrame
      title={t('pages.projects')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('pages.projects') },
      ]}
      actions={
        canCreate && (
          <Button
            component={Link}
            to={paths.projects.new.getHref()}
            leftSection={<IconFolderPlus size={16} />}
          >
            {t('projects.list.create')}
          </Button>
        )
      }
    >
      <ProjectsTable />
    </PageFrame>
  );
}
