import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  useDirection,
} from '@mantine/core';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import { countGranted } from '@/lib/permissions';
import { useRoles } from '../api/roles-api';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Every role: title (link), "N Granted", last update, and an update link. */
export function RolesTable({ canUpdate }: { canUpdate: boolean }) {
  const { t } = useTranslation();
  const roles = useRoles();
  // Descriptions keep their own direction (dir="auto") but the page's alignment.
  const align = useDirection().dir === 'rtl' ? 'right' : 'left';
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = roles.data ?? [];
    return q ? list.filter((r) => r.title.toLowerCase().includes(q)) : list;
  }, [roles.data, search]);

  if (roles.isPending) return <PageLoader />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;

  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
      <Group p="sm">
        <TextInput
          type="search"
          aria-label={t('roles.list.search')}
          placeholder={t('roles.list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
      </Group>
      {shown.length === 0 ? (
        <EmptyState title={search ? t('table.noMatches') : t('roles.list.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={340} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.roles')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roles.fields.title')}</Table.Th>
                <Table.Th style={NO_WRAP}>{t('roles.fields.permissions')}</Table.Th>
                <Table.Th visibleFrom="sm" style={NO_WRAP}>
                  {t('roles.fields.lastUpdate')}
                </Table.Th>
                {canUpdate && (
                  <Table.Th w={120} visibleFrom="sm" style={NO_WRAP}>
                    {t('common.actions')}
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((role) => (
                <Table.Tr key={role.id}>
                  {/* Takes the remaining width; the description is cut to it. */}
                  <Table.Td style={{ width: '100%', maxWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={paths.users.roles.view.getHref(role.id)}
                      fw={600}
                      size="sm"
                    >
                      {role.title}
                    </Anchor>
                    {role.description && (
                      <Text size="xs" c="dimmed" truncate dir="auto" ta={align}>
                        {role.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color="green"
                      variant="light"
                      tt="none"
                      style={{ minWidth: 'max-content' }}
                    >
                      {t('roles.granted', { count: countGranted(role.permissions) })}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" style={NO_WRAP}>
                      {formatDateTime(role.updated)}
                    </Text>
                  </Table.Td>
                  {canUpdate && (
                    <Table.Td visibleFrom="sm">
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
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
