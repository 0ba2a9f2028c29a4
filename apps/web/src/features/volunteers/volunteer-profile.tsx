import { Badge, Group } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { InfoField } from '@/components/person/info-field';
import type { PersonProfileParts } from '@/components/person/person-kind';
import { useTranslation } from '@/lib/i18n/use-translation';
import { VolunteerHoursTab } from './components/volunteer-hours-tab';
import type { VolunteerRecord } from './types';

/** What is volunteers' own on the profile: skills, availability and hours. */
export const volunteerProfile: PersonProfileParts<VolunteerRecord> = {
  Facts: VolunteerFacts,
  childTab: { value: 'hours', icon: <IconClockHour4 size={16} />, Tab: VolunteerHoursTab },
};

/** Skills and availability as chips. */
function VolunteerFacts({ person }: { person: VolunteerRecord }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const skills = person.expand?.skills ?? [];
  const availability = person.availability ?? [];
  return (
    <>
      <InfoField label={t('fields.volunteers.skills')} empty={none}>
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
      <InfoField label={t('fields.volunteers.availability')} empty={none}>
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
