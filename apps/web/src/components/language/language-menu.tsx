import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { currentLanguage, LANGUAGES, setLanguage } from '@/lib/i18n';
import { useOpenedOnArrival, type PopupProps } from '@/lib/on-demand';

/** The languages' menu itself, fetched on its first opening (language-switch.tsx). */
export default function LanguageMenu({ button }: PopupProps) {
  const active = currentLanguage();
  const { target, opened, setOpened } = useOpenedOnArrival();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md">
      <Menu.Target>{button({ ref: target })}</Menu.Target>
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
