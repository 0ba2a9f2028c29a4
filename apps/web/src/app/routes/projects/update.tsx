import { notifications } from '@mantine/notifications';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { RecordPage } from '@/components/resource/record-page';
import { paths } from '@/config/paths';
import { ProjectForm } from '@/features/projects/components/project-form';
import type { ProjectRecord } from '@/features/projects/types';
import { useRecord } from '@/lib/data/records';

export default function ProjectUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const project = useRecord<ProjectRecord>('projects', id);
  const back = () => void navigate(paths.projects.view.getHref(id));
  return (
    <RecordPage
      query={project}
      title={t('pages.projectUpdate')}
      trail={[
        { label: t('nav.links.allProjects'), to: paths.projects.list.getHref() },
        { label: project.data?.title ?? t('pages.project'), to: paths.projects.view.getHref(id) },
      ]}
    >
      {(p) => (
        <ProjectForm
          project={p}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('projects.form.saved') });
            back();
          }}
          onCancel={back}
        />
      )}
    </RecordPage>
  );
}
