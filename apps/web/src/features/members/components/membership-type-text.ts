import type { TFunction } from '@/lib/i18n/translator';
import { ltrText } from '@/components/person/ltr';
import { formatMoney } from '@/lib/format/money';
import type { MembershipTypeRecord } from '../types';

/** `12.00 USD every 12 months` (or `every month`). */
export function feeAndPeriod(
  t: TFunction,
  type: Pick<MembershipTypeRecord, 'fee' | 'period_months'>,
): string {
  const fee = ltrText(formatMoney(type.fee ?? 0));
  return type.period_months === 1
    ? t('members.types.feeEveryMonth', { fee })
    : t('members.types.feeEvery', { fee, months: type.period_months });
}

/** `12 months` / `1 month`. */
export function monthsText(t: TFunction, months: number): string {
  return months === 1 ? t('members.types.oneMonth') : t('members.types.months', { count: months });
}
