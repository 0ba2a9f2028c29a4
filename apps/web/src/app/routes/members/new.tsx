import { PersonNewPage } from '@/components/person/person-form-pages';
import { memberForm } from '@/features/members/member-form';
import { membersKind } from '@/features/members/member-kind';

export default function Route() {
  return <PersonNewPage kind={membersKind} form={memberForm} />;
}
