import { PersonSettingsPage } from '@/components/person/person-area';
import { volunteersArea } from '@/features/volunteers/area';

export default function Route() {
  return <PersonSettingsPage area={volunteersArea} />;
}
