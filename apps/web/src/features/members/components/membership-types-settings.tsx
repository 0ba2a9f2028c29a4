import { useTranslation } from '@/lib/i18n/use-translation';
import { Ltr } from '@/components/person/ltr';
import { OptionListSettings, optionTexts } from '@/components/resource/option-list-settings';
import { formatMoney } from '@/lib/format/money';
import { MEMBERS, MEMBERSHIP_TYPES, type MembershipTypeRecord } from '../types';
import { monthsText } from './membership-type-text';

type TypeValues = {
  title: string;
  description: string;
  fee: number | null;
  period_months: number | null;
};

/** The members' settings: membership types (fee and period), created, changed and removed. */
export function MembershipTypesSettings() {
  const { t } = useTranslation();
  return (
    <OptionListSettings<MembershipTypeRecord, TypeValues>
      collection={MEMBERSHIP_TYPES}
      alsoRefresh={[MEMBERS]}
      minWidth={620}
      texts={optionTexts(t, 'members.types')}
      columns={[
        { field: 'fee', render: (type) => <Ltr>{formatMoney(type.fee ?? 0)}</Ltr> },
        { field: 'period_months', render: (type) => monthsText(t, type.period_months) },
      ]}
      fields={[
        {
          name: 'fee',
          half: true,
          message: t('members.types.feeInvalid'),
        },
        {
          name: 'period_months',
          half: true,
          message: t('members.dues.monthsRange'),
        },
      ]}
      initialValues={(type) => ({
        fee: type?.fee ?? null,
        period_months: type?.period_months ?? 12,
      })}
      ownBody={(values) => ({ fee: values.fee ?? 0 })}
    />
  );
}
