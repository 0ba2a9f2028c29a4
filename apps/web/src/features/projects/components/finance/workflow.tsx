import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessagePlus } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { FilePicker } from '@/components/form/file-picker';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { FileLinks } from '@/components/resource/file-links';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { RichTextView } from '@/components/resource/rich-text-view';
import { useChildRecords, useSaveRecord } from '@/components/resource/use-records';
import { toAppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format/date';
import { andFilters, equalsFilter, useFullList } from '@/lib/data/records';
import { useAccount } from '@/lib/session';
import type { SeatFlags } from '@/components/workflow/workflow-actions';
import type { CommentRecord } from '../../finance-types';
import type { CommitteeRecord } from '../../types';
import { bodyOf } from '@/components/resource/common/declarations';
import { labelsOf } from '@/components/resource/field-label';

export type CommitteeKind = 'financial' | 'purchases';

/** What the signed-in account may do in one of a project's committees. */
export type Seat = { member: boolean; canCreate: boolean; canUpdateStatus: boolean };

const COMMITTEES = {
  financial: 'project_financial_committees',
  purchases: 'project_purchases_committees',
} as const;

/**
 * The account's seat on the project's financial or purchases committee. The server checks the
 * same flags on every create and move; this only decides which buttons to offer.
 */
export function useCommitteeSeat(kind: CommitteeKind, projectId: string): Seat {
  const account = useAccount();
  const isEmployee = account?.collection === 'employees';
  const seats = useFullList<CommitteeRecord>(
    COMMITTEES[kind],
    {
      filter: andFilters(
        equalsFilter('project', projectId),
        equalsFilter('employee', account?.id ?? ''),
      ),
    },
    { enabled: isEmployee },
  );
  const seat = seats.data?.[0];
  return {
    member: Boolean(seat),
    canCreate: Boolean(seat?.can_create),
    canUpdateStatus: Boolean(seat?.can_update_status),
  };
}

/** The seat as the workflow's buttons read it (the committee's own field names). */
export function seatFlags(seat: Seat): SeatFlags {
  return { can_create: seat.canCreate, can_update_status: seat.canUpdateStatus };
}

/**
 * The bills of a request or a purchase: links to the stored ones and, while they may still
 * change (pending or approved), a picker that adds more (`bills+`, so nothing is replaced).
 */
export function BillsPanel({
  collection,
  record,
  editable,
  alsoRefresh,
}: {
  collection: string;
  record: RecordModel & { bills?: string[]; title?: string };
  editable: boolean;
  alsoRefresh: readonly string[];
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const save = useSaveRecord(collection, alsoRefresh);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {labelsOf(t, collection)('bills')}
        </Title>
        <FileLinks
          record={record}
          names={record.bills}
          empty={t('projects.finance.bills.none')}
          label={t('projects.finance.bills.of', { name: record.title ?? '' })}
        />
        {editable && (
          <Stack gap="xs">
            <FilePicker
              label={t('projects.finance.bills.add')}
              description={t('projects.finance.bills.help')}
              value={files}
              onChange={setFiles}
              accept="image/jpeg,image/png,image/webp,application/pdf"
            />
            {files.length > 0 && (
              <Group>
                <Button
                  size="compact-sm"
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(
                      // Added to the stored bills (`bills+`), the shared way of a file field.
                      { id: record.id, body: bodyOf(collection, { bills: files }) },
                      {
                        onSuccess: () => {
                          setFiles([]);
                          notifications.show({
                            color: 'green',
                            message: t('projects.finance.bills.saved'),
                          });
                        },
                        onError: (error) =>
                          notifications.show({
                            color: 'red',
                            title: t('form.serverError'),
                            message: toAppError(error).message,
                          }),
                      },
                    )
                  }
                >
                  {t('projects.finance.bills.upload', { count: files.length })}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

type CommentValues = { stage: string | null; comment: string };

/**
 * The committee's comments on a request or a purchase, newest first, each tied to a stage of the
 * workflow. Members of the committee add them; authors change or remove their own.
 */
export function CommentsThread({
  collection,
  ownerField,
  ownerId,
  seat,
}: {
  collection: string;
  ownerField: 'request' | 'purchase';
  ownerId: string;
  seat: Seat;
}) {
  const { t } = useTranslation();
  const account = useAccount();
  const comments = useChildRecords<CommentRecord>(collection, ownerField, ownerId, {
    sort: '-created',
    expand: 'employee',
  });
  const [editing, setEditing] = useState<{ record: CommentRecord | null } | null>(null);
  const [removing, setRemoving] = useState<CommentRecord | null>(null);
  const stageText = (stage: string) => t(`projects.finance.stages.${stage}`);

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('projects.finance.comments.title')}
          </Title>
          {seat.member && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMessagePlus size={16} />}
              onClick={() => setEditing({ record: null })}
            >
              {t('projects.finance.comments.add')}
            </Button>
          )}
        </Group>
        {comments.isError ? (
          <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
        ) : comments.data && comments.data.length === 0 ? (
          <EmptyState title={t('projects.finance.comments.empty')} />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(comments.data ?? []).map((c) => {
              const own = c.employee === account?.id;
              const author = c.expand?.employee?.name ?? t('common.none');
              return (
                <Paper
                  component="li"
                  key={c.id}
                  withBorder
                  radius="md"
                  p="sm"
                  data-testid="comment"
                >
                  <Group justify="space-between" gap="xs" mb={4}>
                    <Text size="sm" fw={600}>
                      {author} · {stageText(c.stage)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(c.created)}
                    </Text>
                  </Group>
                  <RichTextView html={c.comment} empty="" />
                  {own && (
                    <Group gap="xs" mt={4}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setEditing({ record: c })}
                        aria-label={t('projects.finance.comments.editOf', { name: author })}
                      >
                        {t('projects.finance.edit')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(c)}
                        aria-label={t('projects.finance.comments.removeOf', { name: author })}
                      >
                        {t('projects.finance.remove')}
                      </Button>
                    </Group>
                  )}
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
      {editing && (
        <EntryDialog<CommentRecord, CommentValues>
          collection={collection}
          record={editing.record}
          size="lg"
          title={t(
            editing.record
              ? 'projects.finance.comments.editTitle'
              : 'projects.finance.comments.add',
          )}
          fields={[
            {
              name: 'stage',
              optionLabel: stageText,
            },
            { name: 'comment' },
          ]}
          initialValues={{
            stage: editing.record?.stage ?? 'REVIEW',
            comment: editing.record?.comment ?? '',
          }}
          toBody={(v) =>
            editing.record
              ? { stage: v.stage, comment: v.comment }
              : { [ownerField]: ownerId, stage: v.stage, comment: v.comment }
          }
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('projects.finance.comments.saved') });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<CommentRecord>
        collection={collection}
        record={removing}
        message={() => t('projects.finance.comments.removeConfirm')}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
