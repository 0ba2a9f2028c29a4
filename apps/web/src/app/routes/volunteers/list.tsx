import { PersonListPage } from '@/components/person/person-list-page';
import { VolunteerImport } from '@/features/volunteers/components/volunteer-import';
import { VolunteersTable } from '@/features/volunteers/components/volunteers-table';
import { volunteersKind } from '@/features/volunteers/volunteer-kind';

export default function Route() {
  return <PersonListPage kind={volunteersKind} Table={VolunteersTable} Import={VolunteerImport} />;
}
