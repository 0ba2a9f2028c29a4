import { PersonUpdatePage } from '@/components/person/person-area';
import { volunteersArea } from '@/features/volunteers/area';

export default function Route() {
  return <PersonUpdatePage area={volunteersArea} />;
}
