import '@mantine/spotlight/styles.css';
import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Spotlight, spotlight, type SpotlightActionData } from '@mantine/spotlight';
import {
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconSearch,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { paths, profileHref } from '@/config/paths';
import { signOut, type Account } from '@/lib/session';
import { visibleLinks } from '../navigation';
import { useAccessContext } from '../use-access-context';

type CommandPaletteProps = { account: Account; onChangePassword: () => void };

/** Ctrl/Cmd+K: jump to any screen the account may open. */
export function CommandPalette({ account, onChangePassword }: CommandPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAccessContext();
  const go = (to: string) => () => navigate(to);

  const actions: SpotlightActionData[] = [
    {
      id: 'dashboard',
      label: t('nav.dashboard'),
      leftSection: <IconLayoutDashboard size={20} stroke={1.5} />,
      onClick: go(paths.home.getHref()),
    },
    ...visibleLinks(ctx).map((link) => ({
      id: link.id,
      label: t(link.label),
      description: t(link.module.label),
      keywords: [link.to],
      leftSection: <link.icon size={20} stroke={1.5} />,
      onClick: go(link.to),
    })),
    {
      id: 'profile',
      label: t('topbar.myProfile'),
      leftSection: <IconUserCircle size={20} stroke={1.5} />,
      onClick: go(profileHref(account)),
    },
    {
      id: 'change-password',
      label: t('topbar.changePassword'),
      leftSection: <IconKey size={20} stroke={1.5} />,
      onClick: onChangePassword,
    },
    {
      id: 'logout',
      label: t('topbar.logout'),
      leftSection: <IconLogout size={20} stroke={1.5} />,
      onClick: signOut,
    },
  ];

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      nothingFound={t('topbar.nothingFound')}
      highlightQuery
      limit={12}
      scrollable
      maxHeight={420}
      searchProps={{
        leftSection: <IconSearch size={18} stroke={1.5} />,
        placeholder: t('topbar.searchPlaceholder'),
        'aria-label': t('topbar.search'),
      }}
    />
  );
}

/**
 * The button in the top bar that opens the palette. Its name is the text it shows (WCAG 2.5.3:
 * what people see is what they can say); on phones, where only the icon shows, the same text is
 * there for screen readers.
 */
export function CommandPaletteButton() {
  const { t } = useTranslation();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <UnstyledButton
      onClick={() => spotlight.open()}
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
