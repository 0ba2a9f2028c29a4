import { Grid } from '@mantine/core';
import { VOLUNTEER_AVAILABILITY } from '@app/schema';
import { MultiSelectField } from '@/components/form/select-fields';
import type { UseFormReturn } from '@/components/form/basics/use-form';
import type { PersonFormParts } from '@/components/person/person-kind';
import type { PersonFormValues } from '@/components/person/person-values';
import { useTranslation } from '@/lib/i18n/use-translation';
import { volunteerBody } from './api/create-volunteer';
import { useSkills } from './api/get-skills';
import type { VolunteerRecord } from './types';

/** The third step of the form: skills and availability. */
function VolunteeringFields({ form }: { form: UseFormReturn<PersonFormValues> }) {
  const { t } = useTranslation();
  const skills = useSkills();
  const half = { base: 12, sm: 6 };
  return (
    <>
      <Grid.Col span={half}>
        <MultiSelectField
          label={t('fields.volunteers.skills')}
          placeholder={t('volunteers.form.skillsPlaceholder')}
          description={
            skills.data && skills.data.length === 0 ? t('volunteers.form.noSkills') : undefined
          }
          searchable
          clearable
          data={(skills.data ?? []).map((s) => ({ value: s.id, label: s.title }))}
          {...form.field('skills')}
        />
      </Grid.Col>
      <Grid.Col span={half}>
        <MultiSelectField
          label={t('fields.volunteers.availability')}
          placeholder={t('volunteers.form.availabilityPlaceholder')}
          clearable
          data={VOLUNTEER_AVAILABILITY.map((a) => ({
            value: a,
            label: t(`volunteers.availability.${a}`),
          }))}
          {...form.field('availability')}
        />
      </Grid.Col>
    </>
  );
}

/** What is volunteers' own in the create and update form: skills and availability. */
export const volunteerForm: PersonFormParts<VolunteerRecord> = {
  ownValues: (volunteer) => ({
    status: volunteer.status || null,
    skills: volunteer.skills ?? [],
    availability: volunteer.availability ?? [],
  }),
  body: volunteerBody,
  createdMessage: (t, volunteer) => t('volunteers.created.body', { name: volunteer.name }),
  details: { labelKey: 'volunteers.steps.volunteering', Fields: VolunteeringFields },
};
