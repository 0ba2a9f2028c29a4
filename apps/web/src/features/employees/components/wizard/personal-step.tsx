import { Grid, Stack } from '@mantine/core';
import { employees, fieldOf, MARITAL_STATUSES, SEXES } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FormAvatarPicker } from '@/components/form/avatar-picker';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-fields';
import { TextField } from '@/components/form/basics/text-fields';
import type { StepProps } from './step-props';

// The range the server accepts.
const CHILDREN = fieldOf(employees, 'number_of_children');

/** Step 1: avatar, name, sex, birth date, marital status, number of children. */
export function PersonalStep({
  form,
  editable,
  currentAvatarUrl,
}: StepProps & { currentAvatarUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {editable('avatar') ? <FormAvatarPicker form={form} currentUrl={currentAvatarUrl} /> : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField
            label={t('fields.employees.name')}
            required
            autoComplete="off"
            disabled={!editable('name')}
            {...form.field('name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label={t('fields.employees.sex')}
            data={SEXES.map((s) => ({ value: s, label: t(`employees.sex.${s}`) }))}
            clearable
            disabled={!editable('sex')}
            {...form.field('sex')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField
            label={t('fields.employees.birth_date')}
            disabled={!editable('birth_date')}
            maxDate={new Date()}
            {...form.field('birth_date')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label={t('fields.employees.marital_status')}
            data={MARITAL_STATUSES.map((s) => ({ value: s, label: t(`employees.marital.${s}`) }))}
            clearable
            disabled={!editable('marital_status')}
            {...form.field('marital_status')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberField
            label={t('fields.employees.number_of_children')}
            min={CHILDREN.min}
            max={CHILDREN.max}
            allowDecimal={false}
            disabled={!editable('number_of_children')}
            {...form.field('number_of_children')}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
