import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PersonImportDialog } from '@/components/person/person-import-dialog';
import { useSkills } from '../api/get-skills';
import { useImportVolunteers, usePreviewVolunteersImport } from '../api/import-volunteers';

/** The columns the server reads (`apps/server/src/routes/api/hr-import.ts`), in template order. */
export const VOLUNTEER_IMPORT_HEADERS = [
  'Name',
  'Email',
  'Phone',
  'Joining date',
  'Birth date',
  'Sex',
  'Address',
  'Status',
  'Skills',
  'Availability',
  'Notes',
] as const;

/** Import volunteers from a CSV file, with a preview of every row (nothing saved while one is bad). */
export function VolunteerImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePreviewVolunteersImport();
  const save = useImportVolunteers();
  const skills = useSkills();
  const exampleSkills = (skills.data ?? [])
    .slice(0, 2)
    .map((s) => s.title)
    .join('; ');
  return (
    <PersonImportDialog
      opened={opened}
      onClose={onClose}
      title={t('volunteers.import.title')}
      headers={VOLUNTEER_IMPORT_HEADERS}
      examples={[
        [
          'Omer Salih',
          'omer@example.org',
          '0912 345 678',
          '15/03/2024',
          '1998-11-02',
          'Male',
          'Omdurman',
          'Active',
          exampleSkills,
          'Weekends; Remote',
          '',
        ],
      ]}
      templateFileName="volunteers-template"
      fieldLabels={{
        name: t('hrPeople.fields.name'),
        email: t('hrPeople.fields.email'),
        phone_numbers: t('hrPeople.fields.phones'),
        starting_date: t('hrPeople.fields.joiningDate'),
        birth_date: t('hrPeople.fields.birthDate'),
        sex: t('hrPeople.fields.sex'),
        address: t('hrPeople.fields.address'),
        status: t('hrPeople.fields.status'),
        skills: t('volunteers.fields.skills'),
        availability: t('volunteers.fields.availability'),
        notes: t('hrPeople.fields.notes'),
      }}
      preview={preview.mutateAsync}
      commit={save.mutateAsync}
      onImported={(report) => {
        notifications.show({
          color: 'green',
          title: t('hrPeople.import.doneTitle'),
          message: t('volunteers.import.done', { count: report.imported }),
        });
        onClose();
      }}
    />
  );
}
