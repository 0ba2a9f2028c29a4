import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { popupOnDemand, type OpenerProps } from '@/lib/on-demand';
import type { Account } from '@/lib/session';

export type UserMenuProps = {
  account: Account;
  onChangePassword: () => void;
  /** Opens the two-step sign-in dialog (the account's authenticator app). */
  onTwoFactor: () => void;
};

// The menu (Mantine's Menu and its positioning) comes with its first opening.
const UserMenuPopup = popupOnDemand<UserMenuProps>('menu', () => import('./user-menu-open'));

/**
 * The account's menu: own profile, change password, two-step sign-in, logout. The button is named by what it
 * shows (the avatar's initials and the person's name), the name being there for screen readers
 * on narrow screens where it is not shown.
 */
export function UserMenu(props: UserMenuProps) {
  const { t } = useTranslation();
  const { account } = props;
  const button = (opener: Partial<OpenerProps>) => (
    <UnstyledButton data-testid="user-menu" title={t('topbar.userMenu')} {...opener}>
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
  );
  return <UserMenuPopup {...props} button={button} />;
}
