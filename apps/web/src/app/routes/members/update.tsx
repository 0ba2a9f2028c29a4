import { PersonUpdatePage } from '@/components/person/person-area';
import { membersArea } from '@/features/members/area';

export default function Route() {
  return <PersonUpdatePage area={membersArea} />;
}
