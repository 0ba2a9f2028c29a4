import { PersonNewPage } from '@/components/person/person-area';
import { volunteersArea } from '@/features/volunteers/area';

export default function Route() {
  return <PersonNewPage area={volunteersArea} />;
}
