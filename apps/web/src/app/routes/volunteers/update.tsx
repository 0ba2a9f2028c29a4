import { PersonUpdatePage } from '@/components/person/person-form-pages';
import { volunteerForm } from '@/features/volunteers/volunteer-form';
import { volunteersKind } from '@/features/volunteers/volunteer-kind';

export default function Route() {
  return <PersonUpdatePage kind={volunteersKind} form={volunteerForm} />;
}
