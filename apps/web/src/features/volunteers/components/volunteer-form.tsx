import { Grid } from '@mantine/core';
import { VOLUNTEER_AVAILABILITY } from '@app/schema';
import { useTranslation } from 'react-i18next';
import { MultiSelectField } from '@/components/form/select-fields';
import { PersonForm } from '@/components/person/person-form';
import type { PersonFormValues } from '@/components/person/person-values';
import { useSkills } from '../api/get-skills';

type VolunteerFormProps = {
  mode: 'create' | 'update';
  initialValues: PersonFormValues;
  currentAvatarUrl?: string | null;
  submitting: boolean;
  serverError?: string | null;
  submitLabel: string;
  onSubmit: (
    values: PersonFormValues,
    showFieldErrors: (errors: Record<string, string>) => void,
  ) => void;
  onCancel: () => void;
};

/** A volunteer in three steps: personal, contact, volunteering (skills and availability). */
export function VolunteerForm(props: VolunteerFormProps) {
  const { t } = useTranslation();
  const skills = useSkills();
  return (
    <PersonForm
      {...props}
      detailsLabel={t('volunteers.steps.volunteering')}
      renderDetails={(form) => (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelectField
              label={t('volunteers.fields.skills')}
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
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelectField
              label={t('volunteers.fields.availability')}
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
      )}
    />
  );
}
