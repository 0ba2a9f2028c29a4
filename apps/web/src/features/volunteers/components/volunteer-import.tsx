import { useTranslation } from '@/lib/i18n/use-translation';
import { PERSON_IMPORT_HEADERS, PersonImport } from '@/components/person/person-import';
import { useSkills } from '../api/get-skills';

/** The columns the server reads (`apps/server/src/routes/api/hr-import.ts`), in template order. */
export const VOLUNTEER_IMPORT_HEADERS = [
  ...PERSON_IMPORT_HEADERS,
  'Skills',
  'Availability',
  'Notes',
];

/** Import volunteers from a CSV file, with a preview of every row (nothing saved while one is bad). */
export function VolunteerImport(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const skills = useSkills();
  const exampleSkills = (skills.data ?? [])
    .slice(0, 2)
    .map((s) => s.title)
    .join('; ');
  return (
    <PersonImport
      {...props}
      collection="volunteers"
      headers={VOLUNTEER_IMPORT_HEADERS}
      example={[
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
      ]}
      ownLabels={{
        status: t('fields.volunteers.status'),
        skills: t('fields.volunteers.skills'),
        availability: t('fields.volunteers.availability'),
      }}
    />
  );
}
