import { PersonNewPage } from '@/components/person/person-area';
import { membersArea } from '@/features/members/area';

export default function Route() {
  return <PersonNewPage area={membersArea} />;
}
