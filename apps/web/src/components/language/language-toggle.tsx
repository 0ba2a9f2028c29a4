import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '@/lib/i18n';

/** A light language switch for the sign-in screens (no popup). */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      aria-label={t('topbar.language')}
      size="xs"
      radius="xl"
      value={value}
      onChange={(v) => {
        if (isLanguage(v)) void setLanguage(v);
      }}
      data={LANGUAGES.map((l) => ({ value: l.code, label: <span lang={l.code}>{l.label}</span> }))}
    />
  );
}
