import '@mantine/spotlight/styles.css';
import { Spotlight, spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useEffect } from 'react';
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

export type CommandPaletteProps = {
  account: Account;
  onChangePassword: () => void;
  /** How many times the palette was asked for: each new count opens it. */
  openings: number;
};

/**
 * Ctrl/Cmd+K: jump to any screen the account may open. Loaded on the first opening
 * (command-palette.tsx); the layout listens for the shortcut until then and after.
 */
export default function CommandPaletteDialog({
  account,
  onChangePassword,
  openings,
}: CommandPaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAccessContext();
  const go = (to: string) => () => navigate(to);
  useEffect(() => {
    if (openings > 0) spotlight.open();
  }, [openings]);

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
      // The layout owns the shortcut, so that it works before this file is loaded.
      shortcut={null}
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
