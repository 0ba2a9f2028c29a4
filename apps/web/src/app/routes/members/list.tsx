import { PersonListPage } from '@/components/person/person-list-page';
import { MemberImport } from '@/features/members/components/member-import';
import { MembersTable } from '@/features/members/components/members-table';
import { membersKind } from '@/features/members/member-kind';

export default function Route() {
  return <PersonListPage kind={membersKind} Table={MembersTable} Import={MemberImport} />;
}
