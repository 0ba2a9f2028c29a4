import { Alert, Badge, Grid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { SelectField } from '@/components/form/select-fields';
import type { UseFormReturn } from '@/components/form/use-form';
import { InfoField } from '@/components/person/info-field';
import { Ltr } from '@/components/person/ltr';
import type { PersonArea } from '@/components/person/person-area';
import type { PersonFormValues } from '@/components/person/person-values';
import { formatDate } from '@/lib/format/date';
import { memberBody, memberFieldErrors } from './api/create-member';
import { useMembershipTypes } from './api/get-membership-types';
import { MemberDuesTab } from './components/member-dues-tab';
import { MemberImport } from './components/member-import';
import { MembershipTypesSettings } from './components/membership-types-settings';
import { MembersTable } from './components/members-table';
import { feeAndPeriod } from './components/membership-type-text';
import { memberDisplayStatus } from './member-status';
import { MEMBER_DUES, type MemberRecord } from './types';

/** The third step of the form: the membership type (fee and period shown with each). */
function MembershipFields({ form }: { form: UseFormReturn<PersonFormValues> }) {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  return (
    <Grid.Col span={12}>
      <SelectField
        label={t('members.fields.type')}
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

/** What is members' own: number, type, dues and lapsing. */
export const membersArea: PersonArea<MemberRecord> = {
  collection: 'members',
  one: 'member',
  expand: 'membership_type',
  // The status decides whether the member is lapsed: the dues summary follows it.
  alsoRefresh: [MEMBER_DUES],
  status: memberDisplayStatus,
  ownValues: (member) => ({
    status: member.membership_status || null,
    membership_type: member.membership_type || null,
  }),
  body: memberBody,
  fieldErrors: memberFieldErrors,
  createdMessage: (t, member) =>
    t('members.created.body', { name: member.name, number: member.membership_number }),
  details: { labelKey: 'members.steps.membership', Fields: MembershipFields },
  profile: {
    Card: ({ person }) =>
      person.membership_number && (
        <Badge variant="outline" size="lg" ff="monospace" tt="none" dir="ltr">
          {person.membership_number}
        </Badge>
      ),
    Alert: LapsedAlert,
    Facts: MemberFacts,
    childTab: { value: 'dues', icon: <IconCash size={16} />, Tab: MemberDuesTab },
  },
  Table: MembersTable,
  Import: MemberImport,
  Settings: MembershipTypesSettings,
};

function LapsedAlert({ person }: { person: MemberRecord }) {
  const { t } = useTranslation();
  if (memberDisplayStatus(person) !== 'Lapsed') return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('members.lapsed.title')}
    >
      {t('members.lapsed.body', { date: formatDate(person.paid_until) })}
    </Alert>
  );
}

function MemberFacts({ person: member }: { person: MemberRecord }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const type = member.expand?.membership_type;
  return (
    <>
      <InfoField label={t('members.fields.number')} empty={none}>
        {member.membership_number && (
          <Text size="sm" ff="monospace">
            <Ltr>{member.membership_number}</Ltr>
          </Text>
        )}
      </InfoField>
      <InfoField label={t('members.fields.type')} empty={none}>
        {type && (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {type.title}
            </Text>
            <Text size="xs" c="dimmed">
              {feeAndPeriod(t, type)}
            </Text>
          </Stack>
        )}
      </InfoField>
      <InfoField label={t('members.fields.paidUntil')}>
        <Text
          size="sm"
          c={memberDisplayStatus(member) === 'Lapsed' ? 'orange.8' : undefined}
          fw={500}
        >
          {formatDate(member.paid_until, t('members.dues.never'))}
        </Text>
      </InfoField>
    </>
  );
}
