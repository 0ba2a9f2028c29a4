import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { onDemand } from '@/lib/on-demand';

/**
 * The palette itself (Mantine's spotlight, its modal and its scrolling list) is fetched the first
 * time it is opened, by the button or by Ctrl/Cmd+K.
 */
export const CommandPalette = onDemand(() => import('./command-palette-dialog'));

/**
 * The button in the top bar that opens the palette. Its name is the text it shows (WCAG 2.5.3:
 * what people see is what they can say); on phones, where only the icon shows, the same text is
 * there for screen readers.
 */
export function CommandPaletteButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
      px="sm"
      h={36}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        background: 'var(--mantine-color-white)',
        minWidth: 0,
      }}
      w={{ base: 36, sm: 280 }}
    >
      <Group gap={8} wrap="nowrap" justify="space-between">
        <Group gap={8} wrap="nowrap">
          <IconSearch size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="sm" truncate>
            {t('topbar.searchPlaceholder')}
          </Text>
          <VisuallyHidden hiddenFrom="sm">{t('topbar.searchPlaceholder')}</VisuallyHidden>
        </Group>
        <Group gap={2} visibleFrom="sm" wrap="nowrap" dir="ltr">
          <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd>
          <Kbd size="xs">K</Kbd>
        </Group>
      </Group>
    </UnstyledButton>
  );
}
