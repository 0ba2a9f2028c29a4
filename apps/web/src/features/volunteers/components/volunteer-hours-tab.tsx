import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarStats,
  IconClockHour4,
  IconListNumbers,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { StatCard } from '@/components/person/stat-card';
import { toAppError } from '@/lib/errors';
import { formatDate } from '@/lib/format/date';
import { useDeleteVolunteerHours } from '../api/delete-volunteer-hours';
import { useHoursSummary } from '../api/get-hours-summary';
import { useVolunteerHours } from '../api/get-volunteer-hours';
import { formatHours, shareOf } from '../hours-format';
import type { HoursRecord, VolunteerRecord } from '../types';
import { HoursDialog } from './hours-dialog';

/** A volunteer's hours: totals and hours by project from the server, every entry, logging. */
export function VolunteerHoursTab({
  volunteer,
  canEdit,
}: {
  volunteer: VolunteerRecord;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const summary = useHoursSummary(volunteer.id);
  const entries = useVolunteerHours(volunteer.id);
  const remove = useDeleteVolunteerHours();
  const [editing, setEditing] = useState<{ entry: HoursRecord | null } | null>(null);
  const [removing, setRemoving] = useState<HoursRecord | null>(null);
  const hours = (n: number) => t('volunteers.hours.value', { hours: formatHours(n) });

  return (
    <Stack gap="lg">
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !summary.data ? (
        <SimpleGrid cols={{ base: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={92} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 3 }}
            spacing={{ base: 'xs', sm: 'md' }}
            aria-label={t('volunteers.hours.summary')}
          >
            <StatCard
              label={t('volunteers.hours.total')}
              value={hours(summary.data.totalHours)}
              icon={<IconClockHour4 size={20} />}
            />
            <StatCard
              label={t('volunteers.hours.thisYear')}
              value={hours(summary.data.thisYearHours)}
              hint={String(new Date().getFullYear())}
              icon={<IconCalendarStats size={20} />}
            />
            <StatCard
              label={t('volunteers.hours.entries')}
              value={summary.data.entries}
              icon={<IconListNumbers size={20} />}
              ltr
            />
          </SimpleGrid>
          {summary.data.byProject.length > 0 && (
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Title order={2} fz="md">
                  {t('volunteers.hours.byProject')}
                </Title>
                {summary.data.byProject.map((row) => (
                  <Stack key={row.project || 'none'} gap={4}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500} c={row.project ? undefined : 'dimmed'} truncate>
                        {row.project ? row.title : t('volunteers.hours.noProject')}
                      </Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {hours(row.hours)}
                      </Text>
                    </Group>
                    <Progress
                      value={shareOf(row.hours, summary.data.totalHours)}
                      color={row.project ? 'brand' : 'gray'}
                      aria-label={row.project ? row.title : t('volunteers.hours.noProject')}
                    />
                  </Stack>
                ))}
              </Stack>
            </Paper>
          )}
        </>
      )}

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Group justify="space-between" p="md" gap="sm">
          <Title order={2} fz="lg">
            {t('volunteers.hours.title')}
          </Title>
          {canEdit && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ entry: null })}
            >
              {t('volunteers.hours.log')}
            </Button>
          )}
        </Group>
        {entries.isError ? (
          <Stack p="md">
            <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />
          </Stack>
        ) : !entries.data ? (
          <Stack p="md" gap="xs">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={32} />
            ))}
          </Stack>
        ) : entries.data.length === 0 ? (
          <EmptyState
            title={t('volunteers.hours.empty')}
            description={t('volunteers.hours.emptyHint')}
          />
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label={t('volunteers.hours.title')}
              styles={{ td: { whiteSpace: 'nowrap' } }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('volunteers.hours.date')}</Table.Th>
                  <Table.Th>{t('volunteers.hours.hours')}</Table.Th>
                  <Table.Th>{t('volunteers.hours.project')}</Table.Th>
                  <Table.Th>{t('volunteers.hours.activity')}</Table.Th>
                  <Table.Th>{t('volunteers.hours.note')}</Table.Th>
                  {canEdit && <Table.Th w={96}>{t('common.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDate(entry.date)}</Table.Td>
                    <Table.Td fw={600}>{hours(entry.hours)}</Table.Td>
                    <Table.Td>{entry.expand?.project?.title ?? '—'}</Table.Td>
                    <Table.Td>{entry.activity || '—'}</Table.Td>
                    <Table.Td miw={160} maw={260} style={{ whiteSpace: 'normal' }}>
                      <Text size="sm" lineClamp={2} title={entry.note}>
                        {entry.note || '—'}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('volunteers.hours.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('volunteers.hours.editOf', {
                                date: formatDate(entry.date),
                              })}
                              onClick={() => setEditing({ entry })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('confirm.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('volunteers.hours.removeOf', {
                                date: formatDate(entry.date),
                              })}
                              onClick={() => setRemoving(entry)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {editing && (
        <HoursDialog
          volunteerId={volunteer.id}
          entry={editing.entry}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({
              color: 'green',
              message: editing.entry ? t('volunteers.hours.updated') : t('volunteers.hours.logged'),
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
          removing
            ? t('volunteers.hours.removeConfirm', {
                hours: formatHours(removing.hours),
                date: formatDate(removing.date),
              })
            : undefined
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
    </Stack>
  );
}
