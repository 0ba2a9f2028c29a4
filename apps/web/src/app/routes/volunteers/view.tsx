import { PersonViewPage } from '@/components/person/person-area';
import { volunteersArea } from '@/features/volunteers/area';

export default function Route() {
  return <PersonViewPage area={volunteersArea} />;
}
