import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Ltr } from '@/components/person/ltr';
import { toAppError } from '@/lib/errors';
import { formatMoney } from '@/lib/format/money';
import { useCan } from '@/lib/session';
import { useDeleteMembershipType } from '../api/delete-membership-type';
import { useMembershipTypes } from '../api/get-membership-types';
import type { MembershipTypeRecord } from '../types';
import { MembershipTypeDialog } from './membership-type-dialog';
import { monthsText } from './membership-type-text';

/** The members' settings: membership types (fee and period), created, changed and removed. */
export function MembershipTypesSettings() {
  const { t } = useTranslation();
  const types = useMembershipTypes();
  const remove = useDeleteMembershipType();
  const canCreate = useCan('hr_settings.create');
  const canUpdate = useCan('hr_settings.update');
  const canDelete = useCan('hr_settings.remove');
  const [editing, setEditing] = useState<{ type: MembershipTypeRecord | null } | null>(null);
  const [removing, setRemoving] = useState<MembershipTypeRecord | null>(null);

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" p="md" gap="sm" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg">
            {t('members.types.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('members.types.help')}
          </Text>
        </Stack>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ type: null })}>
            {t('members.types.add')}
          </Button>
        )}
      </Group>
      {types.isError ? (
        <Stack p="md">
          <ErrorState error={types.error} onRetry={() => void types.refetch()} />
        </Stack>
      ) : !types.data ? (
        <Stack p="md" gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
      ) : types.data.length === 0 ? (
        <EmptyState title={t('members.types.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={620} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('members.types.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('hrPeople.settings.title')}</Table.Th>
                <Table.Th>{t('members.types.fee')}</Table.Th>
                <Table.Th>{t('members.dues.period')}</Table.Th>
                <Table.Th>{t('hrPeople.settings.description')}</Table.Th>
                {(canUpdate || canDelete) && <Table.Th w={96}>{t('common.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td fw={600}>{type.title}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Ltr>{formatMoney(type.fee ?? 0)}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {monthsText(t, type.period_months)}
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Text size="sm" c={type.description ? undefined : 'dimmed'} lineClamp={2}>
                      {type.description || t('common.none')}
                    </Text>
                  </Table.Td>
                  {(canUpdate || canDelete) && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canUpdate && (
                          <Tooltip label={t('common.update')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('hrPeople.settings.editOf', { title: type.title })}
                              onClick={() => setEditing({ type })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canDelete && (
                          <Tooltip label={t('confirm.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('hrPeople.settings.removeOf', { title: type.title })}
                              onClick={() => setRemoving(type)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {editing && (
        <MembershipTypeDialog
          type={editing.type}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              message: t(editing.type ? 'hrPeople.settings.updated' : 'hrPeople.settings.created', {
                title: saved.title,
              }),
            });
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        message={
          removing ? t('hrPeople.settings.removeConfirm', { title: removing.title }) : undefined
        }
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifications.show({
                color: 'green',
                title: t('confirm.removed'),
                message: t('confirm.removedBody'),
              });
            },
          })
        }
      >
        {remove.error && (
          <Alert color="red" variant="light" role="alert">
            {toAppError(remove.error).message}
          </Alert>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
