import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { currentLanguage, LANGUAGES, setLanguage } from '@/lib/i18n';

type LanguageSwitchProps = { variant?: 'subtle' | 'white' | 'default' };

/** English / العربية; the choice is remembered and sent to the API. */
export function LanguageSwitch({ variant = 'subtle' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  const label = LANGUAGES.find((l) => l.code === (i18n.language || active))?.label ?? 'English';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          size="compact-sm"
          leftSection={<IconLanguage size={18} />}
          // Holds the language shown on the button, so the name contains the visible text.
          aria-label={`${t('topbar.language')}: ${label}`}
          styles={{ section: { marginInlineEnd: 'var(--lang-gap, 0)' } }}
        >
          <Box component="span" visibleFrom="sm" ms={6}>
            {label}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            onClick={() => void setLanguage(language.code)}
            rightSection={language.code === active ? <IconCheck size={14} /> : null}
            aria-current={language.code === active ? 'true' : undefined}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
