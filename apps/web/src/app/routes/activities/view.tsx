import { useParams } from 'react-router';
import { ActivityView } from '@/features/projects/components/activity-view';

export default function ActivityViewRoute() {
  const { id = '' } = useParams();
  return <ActivityView id={id} />;
}
