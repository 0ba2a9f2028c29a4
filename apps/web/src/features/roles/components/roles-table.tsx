import { Anchor, Badge, Button, Text, useDirection } from '@mantine/core';
import { fieldLabelKey } from '@/components/resource/field-label';
import { IconPencil, IconTagPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/list/data-table';
import { ListPage } from '@/components/resource/list/list-page';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import type { RoleRecord } from '@/lib/models';
import { countGranted } from '@/lib/permissions';
import { ROLES } from '../api/roles-api';
import { ROLES_TABLE } from '../table-source';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Every role: title (link), "N Granted", last update, and an update link; create by permission. */
export function RolesListPage() {
  const { t } = useTranslation();
  const canUpdate = useCanAct(ROLES, 'update');
  // Descriptions keep their own direction (dir="auto") but the page's alignment.
  const align = useDirection().dir === 'rtl' ? 'right' : 'left';
  const columns: DataTableColumn<RoleRecord>[] = [
    {
      key: 'title',
      header: t(fieldLabelKey('roles', 'title')),
      sortField: true,
      grow: true,
      render: (role) => (
        <>
          <Anchor component={Link} to={paths.users.roles.view.getHref(role.id)} fw={600} size="sm">
            {role.title}
          </Anchor>
          {role.description && (
            <Text size="xs" c="dimmed" truncate dir="auto" ta={align}>
              {role.description}
            </Text>
          )}
        </>
      ),
    },
    { key: 'description', header: t(fieldLabelKey('roles', 'description')), exportOnly: true },
    {
      key: 'permissions',
      header: t(fieldLabelKey('roles', 'permissions')),
      render: (role) => (
        <Badge color="green" variant="light" tt="none" style={{ minWidth: 'max-content' }}>
          {t('roles.granted', { count: countGranted(role.permissions) })}
        </Badge>
      ),
    },
    {
      key: 'updated',
      header: t('roles.columns.lastUpdate'),
      sortField: true,
      visibleFrom: 'sm',
      render: (role) => (
        <Text size="sm" style={NO_WRAP}>
          {formatDateTime(role.updated)}
        </Text>
      ),
      csv: (role) => formatDateTime(role.updated),
    },
  ];
  if (canUpdate) {
    columns.push({
      key: 'actions',
      header: t('common.actions'),
      width: 120,
      visibleFrom: 'sm',
      csv: false,
      render: (role) => (
        <Button
          component={Link}
          to={paths.users.roles.update.getHref(role.id)}
          size="compact-sm"
          variant="light"
          leftSection={<IconPencil size={14} />}
          aria-label={t('roles.list.updateRole', { title: role.title })}
        >
          {t('common.update')}
        </Button>
      ),
    });
  }

  return (
    <ListPage<RoleRecord>
      title={t('pages.roles')}
      trail={[{ label: t('nav.modules.users') }, { label: t('nav.links.roles') }]}
      create={{
        href: paths.users.roles.new.getHref(),
        label: t('roles.list.create'),
        icon: <IconTagPlus size={18} />,
      }}
      table={{
        ...ROLES_TABLE,
        columns,
        searchFields: ['title'],
        searchPlaceholder: t('roles.list.search'),
        searchLabel: t('roles.list.search'),
        csvFileName: 'roles',
        emptyTitle: t('roles.list.empty'),
      }}
    />
  );
}
