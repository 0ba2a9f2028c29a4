import type { TFunction } from '@/lib/i18n/translator';

/** The texts of a website record section (add, update, saved, remove), by its key prefix. */
export function websiteTexts<T>(t: TFunction, prefix: string, name: (row: T) => string) {
  return {
    add: t(`website.${prefix}.add`),
    addTitle: t(`website.${prefix}.addTitle`),
    editTitle: () => t(`website.${prefix}.editTitle`),
    saved: (row: T) => t('website.saved', { name: name(row) }),
    editOf: (row: T) => t('website.editOf', { name: name(row) }),
    removeOf: (row: T) => t('website.removeOf', { name: name(row) }),
    removeConfirm: (row: T) => t('website.removeConfirm', { name: name(row) }),
  };
}
