import { PersonViewPage } from '@/components/person/person-view-page';
import { volunteersKind } from '@/features/volunteers/volunteer-kind';
import { volunteerProfile } from '@/features/volunteers/volunteer-profile';

export default function Route() {
  return <PersonViewPage kind={volunteersKind} profile={volunteerProfile} />;
}
