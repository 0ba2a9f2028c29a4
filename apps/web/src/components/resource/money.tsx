import type { TFunction } from '@/lib/i18n/translator';
import { Ltr } from '@/components/person/ltr';
import { formatMoney, type MoneyInput } from '@/lib/format/money';

/** An amount as every finance screen shows it: the one money formatter, kept left-to-right. */
export function Money({ value, currency }: { value: MoneyInput; currency?: string }) {
  return <Ltr>{formatMoney(value, currency || undefined)}</Ltr>;
}

/**
 * The texts of a money record section (add, update, saved, remove), by its key prefix; `base`
 * is where the area keeps them (`finance`, or `projects.finance` for a project's money).
 */
export function sectionTexts<T>(
  t: TFunction,
  prefix: string,
  name: (row: T) => string,
  base = 'finance',
) {
  return {
    add: t(`${base}.${prefix}.add`),
    addTitle: t(`${base}.${prefix}.addTitle`),
    editTitle: () => t(`${base}.${prefix}.editTitle`),
    saved: (row: T) => t(`${base}.saved`, { name: name(row) }),
    editOf: (row: T) => t(`${base}.editOf`, { name: name(row) }),
    removeOf: (row: T) => t(`${base}.removeOf`, { name: name(row) }),
    removeConfirm: (row: T) => t(`${base}.removeConfirm`, { name: name(row) }),
    // Money records show their history per row: who approved, paid or changed them.
    historyOf: (row: T) =>
      name(row) ? t('activity.historyOf', { name: name(row) }) : t('activity.history'),
  };
}
