import { PersonViewPage } from '@/components/person/person-view-page';
import { membersKind } from '@/features/members/member-kind';
import { memberProfile } from '@/features/members/member-profile';

export default function Route() {
  return <PersonViewPage kind={membersKind} profile={memberProfile} />;
}
