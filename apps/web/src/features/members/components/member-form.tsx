import { Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-fields';
import { PersonForm } from '@/components/person/person-form';
import type { PersonFormValues } from '@/components/person/person-values';
import { useMembershipTypes } from '../api/get-membership-types';
import { feeAndPeriod } from './membership-type-text';

type MemberFormProps = {
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

/** A member in three steps: personal, contact, membership (joining date, status, type, notes). */
export function MemberForm(props: MemberFormProps) {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  return (
    <PersonForm
      {...props}
      detailsLabel={t('members.steps.membership')}
      renderDetails={(form) => (
        <Grid.Col span={12}>
          <SelectField
            label={t('members.fields.type')}
            placeholder={t('members.form.typePlaceholder')}
            description={
              types.data && types.data.length === 0 ? t('members.form.noTypes') : undefined
            }
            clearable
            allowDeselect
            searchable
            data={(types.data ?? []).map((type) => ({
              value: type.id,
              label: `${type.title} — ${feeAndPeriod(t, type)}`,
            }))}
            {...form.field('membership_type')}
          />
        </Grid.Col>
      )}
    />
  );
}
