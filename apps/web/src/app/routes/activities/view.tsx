import { useParams } from 'react-router';
import { ActivityView } from '@/features/projects/components/activity-view';
import { LogHoursButton } from '@/features/volunteers/components/log-hours-button';

export default function ActivityViewRoute() {
  const { id = '' } = useParams();
  return (
    <ActivityView
      id={id}
      fieldActions={(activity) => (
        <LogHoursButton project={activity.project} activity={activity.title} />
      )}
    />
  );
}
