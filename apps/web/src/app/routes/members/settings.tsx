import { PersonSettingsPage } from '@/components/person/person-area';
import { membersArea } from '@/features/members/area';

export default function Route() {
  return <PersonSettingsPage area={membersArea} />;
}
