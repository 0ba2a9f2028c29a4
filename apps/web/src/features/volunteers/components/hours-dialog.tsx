import { Alert, Button, Grid, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { RelationPicker } from '@/components/form/relation-picker';
import { rules } from '@/components/form/rules';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/text-fields';
import { useForm } from '@/components/form/use-form';
import { todayInput } from '@/components/person/person-values';
import { toAppError } from '@/lib/errors';
import { fromApiDate } from '@/lib/format/date';
import { useSaveVolunteerHours, type HoursInput } from '../api/save-volunteer-hours';
import type { HoursRecord } from '../types';

type HoursDialogProps = {
  volunteerId: string;
  /** The entry to change; a new one when absent. */
  entry?: HoursRecord | null;
  onClose: () => void;
  onSaved: () => void;
};

export const MIN_HOURS = 0.25;
export const MAX_HOURS = 24;

/** Log hours or change an entry: date, hours (0.25–24), project, activity, note. */
export function HoursDialog({ volunteerId, entry, onClose, onSaved }: HoursDialogProps) {
  const { t } = useTranslation();
  const save = useSaveVolunteerHours(volunteerId);
  const form = useForm<HoursInput>({
    initialValues: entry
      ? {
          date: fromApiDate(entry.date),
          hours: entry.hours,
          project: entry.project || null,
          activity: entry.activity ?? '',
          note: entry.note ?? '',
        }
      : { date: todayInput(), hours: null, project: null, activity: '', note: '' },
    rules: {
      date: [
        rules.required(t('volunteers.hours.dateRequired')),
        (value: string | null) =>
          !value || value <= todayInput() ? true : t('volunteers.hours.dateFuture'),
      ],
      hours: [
        rules.required(t('volunteers.hours.hoursRange')),
        rules.min(MIN_HOURS, t('volunteers.hours.hoursRange')),
        rules.max(MAX_HOURS, t('volunteers.hours.hoursRange')),
      ],
      activity: [rules.maxLength(200, t('hrPeople.form.tooLong', { max: 200 }))],
      note: [rules.maxLength(2000, t('hrPeople.form.tooLong', { max: 2000 }))],
    },
  });
  const title = entry ? t('volunteers.hours.editTitle') : t('volunteers.hours.logTitle');

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      title={title}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: entry?.id, input: values },
            {
              onSuccess: onSaved,
              onError: (error) => form.setServerErrors(toAppError(error).fieldErrors),
            },
          ),
        )}
      >
        <Stack gap="md">
          {save.error && (
            <Alert color="red" variant="light" role="alert" title={t('form.serverError')}>
              {toAppError(save.error).message}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateField
                label={t('volunteers.hours.date')}
                required
                maxDate={todayInput()}
                {...form.field('date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberField
                label={t('volunteers.hours.hours')}
                description={t('volunteers.hours.hoursHint')}
                required
                min={0}
                max={MAX_HOURS}
                step={0.25}
                {...form.field('hours')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <RelationPicker
                collection="projects"
                displayField="title"
                label={t('volunteers.hours.project')}
                placeholder={t('volunteers.hours.projectPlaceholder')}
                value={form.values.project}
                onChange={(v) => form.setValue('project', v)}
                error={form.errors.project}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextField
                label={t('volunteers.hours.activity')}
                placeholder={t('volunteers.hours.activityPlaceholder')}
                autoComplete="off"
                {...form.field('activity')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                label={t('volunteers.hours.note')}
                minRows={2}
                {...form.field('note')}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
