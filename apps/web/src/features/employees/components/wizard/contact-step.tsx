import { Grid } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PhoneListField } from '@/components/form/phone-list-field';
import { TextField } from '@/components/form/basics/text-fields';
import { TextareaField } from '@/components/form/textarea-field';
import type { StepProps } from './step-props';

/** Step 2: address, email, phone numbers. */
export function ContactStep({ form, editable }: StepProps) {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          label={t('employees.account.email')}
          type="email"
          required={editable('email')}
          autoComplete="off"
          disabled={!editable('email')}
          {...form.field('email')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextareaField
          label={t('fields.employees.address')}
          minRows={2}
          disabled={!editable('address')}
          {...form.field('address')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <PhoneListField
          label={t('fields.employees.phone_numbers')}
          {...form.field('phone_numbers')}
        />
      </Grid.Col>
    </Grid>
  );
}
