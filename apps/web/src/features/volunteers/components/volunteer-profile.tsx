import { Tabs } from '@mantine/core';
import { IconAlertOctagon, IconClockHour4, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PersonDangerZone } from '@/components/person/person-danger-zone';
import { useDeleteVolunteer } from '../api/delete-volunteer';
import type { VolunteerRecord } from '../types';
import { VolunteerHoursTab } from './volunteer-hours-tab';
import { VolunteerOverview } from './volunteer-overview';

const TABS = ['overview', 'hours', 'settings'] as const;
type Tab = (typeof TABS)[number];

type VolunteerProfileProps = {
  volunteer: VolunteerRecord;
  canEdit: boolean;
  canDelete: boolean;
  onDeleted: () => void;
};

/** A volunteer's profile: overview, hours and (with volunteers.remove) the danger zone; tab in the URL. */
export function VolunteerProfile({
  volunteer,
  canEdit,
  canDelete,
  onDeleted,
}: VolunteerProfileProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const remove = useDeleteVolunteer(volunteer.id);
  const requested = params.get('tab');
  const tab: Tab =
    TABS.includes(requested as Tab) && (requested !== 'settings' || canDelete)
      ? (requested as Tab)
      : 'overview';

  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (!value || value === 'overview') next.delete('tab');
            else next.set('tab', value);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="overview" leftSection={<IconUser size={16} />}>
          {t('volunteers.tabs.overview')}
        </Tabs.Tab>
        <Tabs.Tab value="hours" leftSection={<IconClockHour4 size={16} />}>
          {t('volunteers.tabs.hours')}
        </Tabs.Tab>
        {canDelete && (
          <Tabs.Tab value="settings" color="red" leftSection={<IconAlertOctagon size={16} />}>
            {t('hrPeople.danger.tab')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <VolunteerOverview volunteer={volunteer} />
      </Tabs.Panel>
      <Tabs.Panel value="hours">
        <VolunteerHoursTab volunteer={volunteer} canEdit={canEdit} />
      </Tabs.Panel>
      {canDelete && (
        <Tabs.Panel value="settings">
          <PersonDangerZone
            help={t('volunteers.danger.help')}
            confirmMessage={t('volunteers.danger.confirm', { name: volunteer.name })}
            pending={remove.isPending}
            error={remove.error}
            onReset={remove.reset}
            onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
          />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
