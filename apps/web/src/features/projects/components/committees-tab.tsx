import { Stack, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { resolveColumns } from '@/components/resource/declared-columns';
import { RecordTable } from '@/components/resource/record-table';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { useChildRecords } from '@/components/resource/use-records';
import type { CommitteeRecord } from '../types';

type MemberValues = { employee: string | null; can_create: boolean; can_update_status: boolean };

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <ThemeIcon
      size="sm"
      radius="xl"
      variant="light"
      color={on ? 'green' : 'gray'}
      aria-label={label}
    >
      {on ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}

/**
 * One committee of a project (financial or purchases): its members (active employees) and
 * what each may do. `kind` picks the texts (`projects.committees.financial` / `.purchases`).
 */
export function CommitteeTable({
  collection,
  kind,
  projectId,
}: {
  collection: 'project_financial_committees' | 'project_purchases_committees';
  kind: 'financial' | 'purchases';
  projectId: string;
}) {
  const { t } = useTranslation();
  const text = (key: string, values?: Record<string, unknown>) =>
    t(`projects.committees.${kind}.${key}`, values);
  const canChange = useCanAct(collection, 'create');
  const members = useChildRecords<CommitteeRecord>(collection, 'project', projectId, {
    sort: 'created',
    expand: 'employee',
  });
  const [editing, setEditing] = useState<{ record: CommitteeRecord | null } | null>(null);
  const [removing, setRemoving] = useState<CommitteeRecord | null>(null);
  const name = (m: CommitteeRecord) => m.expand?.employee?.name ?? '';
  const yes = t('projects.committees.yes');
  const no = t('projects.committees.no');

  return (
    <Stack gap="lg">
      <RecordTable<CommitteeRecord>
        title={text('title')}
        help={t('projects.committees.help')}
        query={members}
        minWidth={480}
        emptyTitle={t('projects.committees.empty')}
        add={
          canChange
            ? {
                label: t('projects.committees.add'),
                ariaLabel: text('addLabel'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        onEdit={canChange ? (record) => setEditing({ record }) : undefined}
        onRemove={canChange ? setRemoving : undefined}
        editLabel={(m) => t('projects.committees.editOf', { name: name(m) })}
        removeLabel={(m) => t('projects.committees.removeOf', { name: name(m) })}
        columns={
          resolveColumns<CommitteeRecord>(t, collection, [
            { field: 'employee', strong: true, render: name },
            {
              field: 'can_create',
              render: (m) => <Flag on={m.can_create} label={m.can_create ? yes : no} />,
            },
            {
              field: 'can_update_status',
              render: (m) => (
                <Flag on={m.can_update_status} label={m.can_update_status ? yes : no} />
              ),
            },
          ]).columns
        }
      />
      {editing && (
        <EntryDialog<CommitteeRecord, MemberValues>
          collection={collection}
          record={editing.record}
          title={editing.record ? t('projects.committees.editTitle') : text('addLabel')}
          fields={[
            {
              name: 'employee',
              label: t('projects.committees.selectEmployee'),
              description: t('projects.committees.activeOnly'),
              displayField: 'name',
              props: { filter: 'employment_status = "Active"' },
            },
            { name: 'can_create' },
            { name: 'can_update_status' },
          ]}
          initialValues={{
            employee: editing.record?.employee || null,
            can_create: editing.record?.can_create ?? false,
            can_update_status: editing.record?.can_update_status ?? false,
          }}
          toBody={(v) => ({ project: projectId, ...v, employee: v.employee ?? '' })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('projects.committees.saved') });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<CommitteeRecord>
        collection={collection}
        record={removing}
        message={(m) => t('projects.committees.removeConfirm', { name: name(m) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
