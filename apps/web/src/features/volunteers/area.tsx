import { Badge, Grid, Group } from '@mantine/core';
import { VOLUNTEER_AVAILABILITY } from '@app/schema';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { MultiSelectField } from '@/components/form/select-fields';
import type { UseFormReturn } from '@/components/form/use-form';
import { InfoField } from '@/components/person/info-field';
import type { PersonArea } from '@/components/person/person-area';
import type { PersonFormValues } from '@/components/person/person-values';
import { volunteerBody } from './api/create-volunteer';
import { useSkills } from './api/get-skills';
import { SkillsSettings } from './components/skills-settings';
import { VolunteerHoursTab } from './components/volunteer-hours-tab';
import { VolunteerImport } from './components/volunteer-import';
import { VolunteersTable } from './components/volunteers-table';
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
      <Grid.Col span={half}>
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
  );
}

/** Skills and availability as chips. */
function VolunteerFacts({ person }: { person: VolunteerRecord }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const skills = person.expand?.skills ?? [];
  const availability = person.availability ?? [];
  return (
    <>
      <InfoField label={t('volunteers.fields.skills')} empty={none}>
        {skills.length > 0 && (
          <Group gap={6}>
            {skills.map((skill) => (
              <Badge key={skill.id} variant="light" tt="none" title={skill.description}>
                {skill.title}
              </Badge>
            ))}
          </Group>
        )}
      </InfoField>
      <InfoField label={t('volunteers.fields.availability')} empty={none}>
        {availability.length > 0 && (
          <Group gap={6}>
            {availability.map((a) => (
              <Badge key={a} variant="outline" color="gray" tt="none">
                {t(`volunteers.availability.${a}`)}
              </Badge>
            ))}
          </Group>
        )}
      </InfoField>
    </>
  );
}

/** What is volunteers' own: skills, availability and hours. */
export const volunteersArea: PersonArea<VolunteerRecord> = {
  collection: 'volunteers',
  one: 'volunteer',
  expand: 'skills',
  alsoRefresh: [],
  status: (volunteer) => volunteer.status,
  ownValues: (volunteer) => ({
    status: volunteer.status || null,
    skills: volunteer.skills ?? [],
    availability: volunteer.availability ?? [],
  }),
  body: volunteerBody,
  createdMessage: (t, volunteer) => t('volunteers.created.body', { name: volunteer.name }),
  details: { labelKey: 'volunteers.steps.volunteering', Fields: VolunteeringFields },
  profile: {
    Facts: VolunteerFacts,
    childTab: { value: 'hours', icon: <IconClockHour4 size={16} />, Tab: VolunteerHoursTab },
  },
  Table: VolunteersTable,
  Import: VolunteerImport,
  Settings: SkillsSettings,
};
