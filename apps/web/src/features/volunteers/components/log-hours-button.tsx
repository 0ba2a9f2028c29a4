import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { todayInput } from '@/components/person/person-values';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { useTranslation } from '@/lib/i18n/use-translation';
import { hoursBody, type HoursInput } from '../api/save-volunteer-hours';
import { VOLUNTEER_HOURS, type HoursRecord } from '../types';
import { hoursFields } from './hours-fields';

type Values = HoursInput & { volunteer: string | null };

/**
 * "Log volunteer hours" on an activity's page: a volunteer's hours, with the project and the
 * activity already filled in (the activity is free text, as the import has it: its name here).
 * Without a connection the entry waits in the outbox.
 */
export function LogHoursButton({ project, activity }: { project: string; activity: string }) {
  const { t } = useTranslation();
  const canLog = useCanAct(VOLUNTEER_HOURS, 'create');
  const [open, setOpen] = useState(false);
  if (!canLog) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconClockPlus size={16} />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('volunteers.hours.logFromActivity')}
      </Button>
      {open && (
        <EntryDialog<HoursRecord, Values>
          collection={VOLUNTEER_HOURS}
          record={null}
          title={t('volunteers.hours.logFromActivity')}
          size="lg"
          fields={[{ name: 'volunteer', displayField: 'name' }, ...hoursFields<Values>(t)]}
          initialValues={{
            volunteer: null,
            date: todayInput(),
            hours: null,
            project: project || null,
            activity,
            note: '',
          }}
          toBody={(values) => hoursBody(values.volunteer ?? '', values)}
          queueable
          onClose={() => setOpen(false)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('volunteers.hours.logged') });
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
