import { PersonSettingsPage } from '@/components/person/person-settings-page';
import { MembershipTypesSettings } from '@/features/members/components/membership-types-settings';
import { membersKind } from '@/features/members/member-kind';

export default function Route() {
  return <PersonSettingsPage kind={membersKind} Settings={MembershipTypesSettings} />;
}
