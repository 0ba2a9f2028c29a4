import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PersonImportDialog } from '@/components/person/person-import-dialog';
import { useMembershipTypes } from '../api/get-membership-types';
import { useImportMembers, usePreviewMembersImport } from '../api/import-members';

/** The columns the server reads (`apps/server/src/routes/api/hr-import.ts`), in template order. */
export const MEMBER_IMPORT_HEADERS = [
  'Name',
  'Email',
  'Phone',
  'Joining date',
  'Birth date',
  'Sex',
  'Address',
  'Status',
  'Membership type',
  'Notes',
] as const;

/** Import members from a CSV file, with a preview of every row (nothing saved while one is bad). */
export function MemberImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePreviewMembersImport();
  const save = useImportMembers();
  const types = useMembershipTypes();
  const exampleType = types.data?.[0]?.title ?? 'Ordinary member';
  return (
    <PersonImportDialog
      opened={opened}
      onClose={onClose}
      title={t('members.import.title')}
      headers={MEMBER_IMPORT_HEADERS}
      examples={[
        [
          'Amna Hassan',
          'amna@example.org',
          '0912 345 678; 0123 456 789',
          '15/03/2024',
          '1990-05-20',
          'Female',
          'Khartoum',
          'Active',
          exampleType,
          '',
        ],
      ]}
      templateFileName="members-template"
      fieldLabels={{
        name: t('hrPeople.fields.name'),
        email: t('hrPeople.fields.email'),
        phone_numbers: t('hrPeople.fields.phones'),
        starting_date: t('hrPeople.fields.joiningDate'),
        birth_date: t('hrPeople.fields.birthDate'),
        sex: t('hrPeople.fields.sex'),
        address: t('hrPeople.fields.address'),
        membership_status: t('hrPeople.fields.status'),
        membership_type: t('members.fields.type'),
        notes: t('hrPeople.fields.notes'),
      }}
      preview={preview.mutateAsync}
      commit={save.mutateAsync}
      onImported={(report) => {
        notifications.show({
          color: 'green',
          title: t('hrPeople.import.doneTitle'),
          message: t('members.import.done', { count: report.imported }),
        });
        onClose();
      }}
    />
  );
}
