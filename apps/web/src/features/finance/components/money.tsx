import type { TFunction } from 'i18next';
import { Ltr } from '@/components/person/ltr';
import { formatMoney, type MoneyInput } from '@/lib/format/money';

/** An amount as every finance screen shows it: the one money formatter, kept left-to-right. */
export function Money({ value, currency }: { value: MoneyInput; currency?: string }) {
  return <Ltr>{formatMoney(value, currency || undefined)}</Ltr>;
}

/** Today as the date inputs hold it (`YYYY-MM-DD`). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The name an expanded relation shows. */
export function nameOf(record: { title?: string; name?: string } | undefined): string {
  return record?.title || record?.name || '—';
}

/** The texts of a finance record section (add, update, saved, remove), by its key prefix. */
export function sectionTexts<T>(t: TFunction, prefix: string, name: (row: T) => string) {
  return {
    add: t(`finance.${prefix}.add`),
    addTitle: t(`finance.${prefix}.addTitle`),
    editTitle: () => t(`finance.${prefix}.editTitle`),
    saved: (row: T) => t('finance.saved', { name: name(row) }),
    editOf: (row: T) => t('finance.editOf', { name: name(row) }),
    removeOf: (row: T) => t('finance.removeOf', { name: name(row) }),
    removeConfirm: (row: T) => t('finance.removeConfirm', { name: name(row) }),
  };
}
