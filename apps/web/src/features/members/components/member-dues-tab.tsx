import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
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
  IconCalendarDue,
  IconCash,
  IconPencil,
  IconPlus,
  IconReceipt,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Ltr, ltrText } from '@/components/person/ltr';
import { PersonStatusBadge } from '@/components/person/person-status-badge';
import { StatCard } from '@/components/person/stat-card';
import { toAppError } from '@/lib/errors';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { useDeleteMemberDue } from '../api/delete-member-due';
import { useDuesSummary } from '../api/get-dues-summary';
import { useMemberDues } from '../api/get-member-dues';
import { memberDisplayStatus } from '../member-status';
import type { MemberDueRecord, MemberRecord } from '../types';
import { DueDialog } from './due-dialog';
import { monthsText } from './membership-type-text';

type Editing = { due: MemberDueRecord | null } | null;

/** A member's dues: totals from the server, every payment, and adding, changing, removing one. */
export function MemberDuesTab({ member, canEdit }: { member: MemberRecord; canEdit: boolean }) {
  const { t } = useTranslation();
  const summary = useDuesSummary(member.id);
  const dues = useMemberDues(member.id);
  const remove = useDeleteMemberDue();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<MemberDueRecord | null>(null);
  const status = memberDisplayStatus(member);

  const duesState = !summary.data
    ? null
    : summary.data.lapsed || status === 'Lapsed'
      ? 'Lapsed'
      : summary.data.payments === 0
        ? 'none'
        : 'paid';

  return (
    <Stack gap="lg">
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !summary.data ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={92} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing={{ base: 'xs', sm: 'md' }}
          aria-label={t('members.dues.summary')}
        >
          <StatCard
            label={t('members.dues.totalPaid')}
            value={formatMoney(summary.data.totalPaid)}
            icon={<IconCash size={20} />}
            ltr
          />
          <StatCard
            label={t('members.dues.payments')}
            value={summary.data.payments}
            hint={
              summary.data.lastPaidOn
                ? t('members.dues.lastPaid', { date: formatDate(summary.data.lastPaidOn) })
                : undefined
            }
            icon={<IconReceipt size={20} />}
            ltr
          />
          <StatCard
            label={t('members.fields.paidUntil')}
            value={formatDate(summary.data.paidUntil, t('members.dues.never'))}
            icon={<IconCalendarDue size={20} />}
            color={duesState === 'Lapsed' ? 'orange' : 'brand'}
          />
          <StatCard
            label={t('members.dues.state')}
            value={
              duesState === 'Lapsed' ? (
                <PersonStatusBadge status="Lapsed" size="lg" />
              ) : duesState === 'paid' ? (
                t('members.dues.paidUp')
              ) : (
                t('members.dues.noPayments')
              )
            }
            icon={<IconUserCheck size={20} />}
            color={duesState === 'Lapsed' ? 'orange' : duesState === 'paid' ? 'green' : 'gray'}
          />
        </SimpleGrid>
      )}

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Group justify="space-between" p="md" gap="sm">
          <Title order={2} fz="lg">
            {t('members.dues.title')}
          </Title>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ due: null })}>
              {t('members.dues.add')}
            </Button>
          )}
        </Group>
        {dues.isError ? (
          <Stack p="md">
            <ErrorState error={dues.error} onRetry={() => void dues.refetch()} />
          </Stack>
        ) : !dues.data ? (
          <Stack p="md" gap="xs">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={32} />
            ))}
          </Stack>
        ) : dues.data.length === 0 ? (
          <EmptyState title={t('members.dues.empty')} description={t('members.dues.emptyHint')} />
        ) : (
          <Table.ScrollContainer minWidth={860} type="native">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label={t('members.dues.title')}
              styles={{ td: { whiteSpace: 'nowrap' } }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('members.dues.paidOn')}</Table.Th>
                  <Table.Th>{t('members.dues.amount')}</Table.Th>
                  <Table.Th>{t('members.dues.months')}</Table.Th>
                  <Table.Th>{t('members.dues.period')}</Table.Th>
                  <Table.Th>{t('members.dues.method')}</Table.Th>
                  <Table.Th>{t('members.dues.receipt')}</Table.Th>
                  <Table.Th>{t('members.dues.note')}</Table.Th>
                  {canEdit && <Table.Th w={96}>{t('common.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dues.data.map((due) => (
                  <Table.Tr key={due.id}>
                    <Table.Td>{formatDate(due.paid_on)}</Table.Td>
                    <Table.Td fw={600}>
                      <Ltr>{formatMoney(due.amount)}</Ltr>
                    </Table.Td>
                    <Table.Td>{monthsText(t, due.months)}</Table.Td>
                    <Table.Td>
                      <Ltr>
                        {formatDate(due.period_start)} – {formatDate(due.period_end)}
                      </Ltr>
                    </Table.Td>
                    <Table.Td>{due.method ? t(`members.methods.${due.method}`) : '—'}</Table.Td>
                    <Table.Td>{due.receipt_number || '—'}</Table.Td>
                    <Table.Td miw={160} maw={260} style={{ whiteSpace: 'normal' }}>
                      <Text size="sm" lineClamp={2} title={due.note}>
                        {due.note || '—'}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('members.dues.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('members.dues.editOf', {
                                date: formatDate(due.paid_on),
                              })}
                              onClick={() => setEditing({ due })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('confirm.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('members.dues.removeOf', {
                                date: formatDate(due.paid_on),
                              })}
                              onClick={() => setRemoving(due)}
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
        <DueDialog
          memberId={member.id}
          due={editing.due}
          type={member.expand?.membership_type}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({
              color: 'green',
              message: editing.due ? t('members.dues.updated') : t('members.dues.added'),
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
            ? t('members.dues.removeConfirm', {
                amount: ltrText(formatMoney(removing.amount)),
                date: formatDate(removing.paid_on),
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
