import { useParams } from 'react-router';
import { ProjectView } from '@/features/projects/components/project-view';

export default function ProjectViewRoute() {
  const { id = '' } = useParams();
  return <ProjectView id={id} />;
}
