import { Menu, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { profileHref } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useOpenedOnArrival, type PopupProps } from '@/lib/on-demand';
import { signOut } from '@/lib/session';
import type { UserMenuProps } from './user-menu';

/** The account's menu itself, fetched on its first opening (user-menu.tsx). */
export default function UserMenuOpen({
  account,
  onChangePassword,
  onTwoFactor,
  button,
}: UserMenuProps & PopupProps) {
  const { t } = useTranslation();
  const { target, opened, setOpened } = useOpenedOnArrival();
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={260}
      shadow="md"
      withinPortal
    >
      <Menu.Target>{button({ ref: target })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Stack gap={0}>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {account.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {account.email}
            </Text>
          </Stack>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={profileHref(account)}
          leftSection={<IconUserCircle size={16} />}
        >
          {t('topbar.myProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>
          {t('topbar.changePassword')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShieldLock size={16} />}
          onClick={onTwoFactor}
          data-testid="two-factor-menu"
        >
          {t('twoFactor.menu')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} style={{ transform: 'rotate(180deg)' }} />}
          onClick={signOut}
        >
          {t('topbar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
