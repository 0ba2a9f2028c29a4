import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { IconUserPlus } from '@tabler/icons-react';
import type { DataTableColumn } from '@/components/data-table/list/data-table';
import { ListPage } from '@/components/resource/list/list-page';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import { USER_STATUSES, userStatusOf, type UserRecord } from '@/lib/models';
import { fileUrl, equalsFilter } from '@/lib/data/records';
import { USERS_TABLE } from '../table-source';
import { UserStatusBadge } from './user-status-badge';

/** All users: search by name or email, filter by status, export as CSV; create by permission. */
export function UsersListPage() {
  const { t } = useTranslation();
  const columns: DataTableColumn<UserRecord>[] = [
    {
      key: 'name',
      header: t('users.columns.user'),
      sortField: 'name',
      shrink: true,
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={fileUrl(user, user.avatar, '100x100')}
            name={user.name}
            color="initials"
            radius="xl"
            size={38}
          />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={paths.users.view.getHref(user.id)} fw={600} size="sm">
              {user.name || user.email}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'email',
      header: t('users.columns.email'),
      sortField: true,
      visibleFrom: 'lg',
      render: (u) => u.email,
    },
    {
      key: 'status',
      header: t(fieldLabelKey('users', 'status')),
      sortField: true,
      render: (user) => <UserStatusBadge status={user.status} />,
      csv: (user) => userStatusOf(user.status),
    },
    {
      key: 'roles',
      header: t(fieldLabelKey('users', 'roles')),
      visibleFrom: 'sm',
      render: (user) => (
        <Group gap={4}>
          {(user.expand?.roles ?? []).map((role) => (
            <Badge key={role.id} variant="outline" size="sm" tt="none">
              {role.title}
            </Badge>
          ))}
        </Group>
      ),
      csv: (user) => (user.expand?.roles ?? []).map((r) => r.title).join('; '),
    },
    {
      key: 'created',
      header: t('common.created'),
      sortField: true,
      visibleFrom: 'md',
      render: (user) => formatDateTime(user.created),
      csv: (user) => formatDateTime(user.created),
    },
  ];

  return (
    <ListPage<UserRecord>
      title={t('pages.users')}
      trail={[{ label: t('nav.modules.users') }]}
      create={{
        href: paths.users.new.getHref(),
        label: t('users.list.create'),
        icon: <IconUserPlus size={18} />,
      }}
      table={{
        ...USERS_TABLE,
        columns,
        searchFields: ['name', 'email'],
        searchPlaceholder: t('users.list.search'),
        filters: [
          {
            key: 'status',
            label: t(fieldLabelKey('users', 'status')),
            options: USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) })),
            toFilter: (value) => equalsFilter('status', value),
          },
        ],
        csvFileName: 'users',
        emptyTitle: t('users.list.empty'),
      }}
    />
  );
}
