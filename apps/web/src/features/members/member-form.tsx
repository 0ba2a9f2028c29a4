import { Grid } from '@mantine/core';
import { SelectField } from '@/components/form/select-fields';
import type { UseFormReturn } from '@/components/form/basics/use-form';
import type { PersonFormParts } from '@/components/person/person-kind';
import type { PersonFormValues } from '@/components/person/person-values';
import { useTranslation } from '@/lib/i18n/use-translation';
import { memberBody, memberFieldErrors } from './api/create-member';
import { useMembershipTypes } from './api/get-membership-types';
import { feeAndPeriod } from './components/membership-type-text';
import type { MemberRecord } from './types';

/** The third step of the form: the membership type (fee and period shown with each). */
function MembershipFields({ form }: { form: UseFormReturn<PersonFormValues> }) {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  return (
    <Grid.Col span={12}>
      <SelectField
        label={t('fields.members.membership_type')}
        placeholder={t('members.form.typePlaceholder')}
        description={types.data && types.data.length === 0 ? t('members.form.noTypes') : undefined}
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
  );
}

/** What is members' own in the create and update form: the number and the type. */
export const memberForm: PersonFormParts<MemberRecord> = {
  ownValues: (member) => ({
    status: member.membership_status || null,
    membership_type: member.membership_type || null,
  }),
  body: memberBody,
  fieldErrors: memberFieldErrors,
  createdMessage: (t, member) =>
    t('members.created.body', { name: member.name, number: member.membership_number }),
  details: { labelKey: 'members.steps.membership', Fields: MembershipFields },
};
