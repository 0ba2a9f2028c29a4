import { Box, Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { currentLanguage, LANGUAGES } from '@/lib/i18n';
import { popupOnDemand, type OpenerProps } from '@/lib/on-demand';

type LanguageSwitchProps = { variant?: 'subtle' | 'white' | 'default' };

// The menu (Mantine's Menu and its positioning) comes with its first opening.
const LanguageMenu = popupOnDemand<object>('menu', () => import('./language-menu'));

/** English / العربية; the choice is remembered and sent to the API. */
export function LanguageSwitch({ variant = 'subtle' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  const label = LANGUAGES.find((l) => l.code === (i18n.language || active))?.label ?? 'English';
  const button = (opener: Partial<OpenerProps>) => (
    <Button
      variant={variant}
      size="compact-sm"
      leftSection={<IconLanguage size={18} />}
      // Holds the language shown on the button, so the name contains the visible text.
      aria-label={`${t('topbar.language')}: ${label}`}
      styles={{ section: { marginInlineEnd: 'var(--lang-gap, 0)' } }}
      {...opener}
    >
      <Box component="span" visibleFrom="sm" ms={6}>
        {label}
      </Box>
    </Button>
  );
  return <LanguageMenu button={button} />;
}
