import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { profileHref } from '@/config/paths';
import { signOut, type Account } from '@/lib/session';

type UserMenuProps = { account: Account; onChangePassword: () => void };

/**
 * The account's menu: own profile, change password, logout. The button is named by what it
 * shows (the avatar's initials and the person's name), the name being there for screen readers
 * on narrow screens where it is not shown.
 */
export function UserMenu({ account, onChangePassword }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" title={t('topbar.userMenu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar
              src={account.avatarUrl}
              name={account.name}
              color="initials"
              radius="xl"
              size={34}
            />
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {account.name || account.email}
            </Text>
            <VisuallyHidden hiddenFrom="md">{account.name || account.email}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
