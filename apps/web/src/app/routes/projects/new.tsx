import { notifications } from '@mantine/notifications';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { ProjectForm } from '@/features/projects/components/project-form';

export default function ProjectNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('pages.projectNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.links.allProjects'), to: paths.projects.list.getHref() },
        { label: t('pages.projectNew') },
      ]}
    >
      <ProjectForm
        project={null}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: t('projects.form.saved') });
          void navigate(paths.projects.view.getHref(saved.id));
        }}
        onCancel={() => void navigate(paths.projects.list.getHref())}
      />
    </PageFrame>
  );
}
