import { Badge, Stack, Text } from '@mantine/core';
import { STAFF_TYPES } from '@app/schema';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { resolveColumns } from '@/components/resource/declared-columns';
import { RecordTable } from '@/components/resource/record-table';
import { RemoveRecordDialog } from '@/components/resource/remove-record-dialog';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { useChildRecords } from '@/components/resource/use-records';
import type { StaffRecord } from '../types';

type StaffValues = {
  type: string | null;
  employee: string | null;
  member: string | null;
  position: string;
  description: string;
};

/** The people assigned to a project or an activity: position, person, type, job description. */
export function StaffTab({
  collection,
  owner,
}: {
  /** `projects_staff` or `activities_staff`. */
  collection: string;
  owner: { field: string; id: string };
}) {
  const { t } = useTranslation();
  const canAdd = useCanAct(collection, 'create');
  const canEdit = useCanAct(collection, 'update');
  const canRemove = useCanAct(collection, 'delete');
  const staff = useChildRecords<StaffRecord>(collection, owner.field, owner.id, {
    sort: 'created',
    expand: 'employee,member',
  });
  const [editing, setEditing] = useState<{ record: StaffRecord | null } | null>(null);
  const [removing, setRemoving] = useState<StaffRecord | null>(null);
  const person = (s: StaffRecord) =>
    (s.type === 'employee' ? s.expand?.employee?.name : s.expand?.member?.name) ?? '';

  return (
    <Stack gap="lg">
      <RecordTable<StaffRecord>
        title={t('projects.staff.title')}
        help={t('projects.staff.help')}
        query={staff}
        minWidth={560}
        emptyTitle={t('projects.staff.empty')}
        add={
          canAdd
            ? { label: t('projects.staff.add'), onClick: () => setEditing({ record: null }) }
            : undefined
        }
        onEdit={canEdit ? (record) => setEditing({ record }) : undefined}
        onRemove={canRemove ? setRemoving : undefined}
        editLabel={(s) => t('projects.staff.editOf', { name: person(s) })}
        removeLabel={(s) => t('projects.staff.removeOf', { name: person(s) })}
        columns={
          resolveColumns<StaffRecord>(t, collection, [
            { field: 'position', strong: true },
            {
              key: 'person',
              header: t('projects.staff.person'),
              render: (s) => (
                <Stack gap={2}>
                  <Text size="sm">{person(s) || t('common.none')}</Text>
                  <Badge
                    size="xs"
                    variant="light"
                    tt="none"
                    color={s.type === 'employee' ? 'blue' : 'grape'}
                  >
                    {t(`projects.staff.types.${s.type}`)}
                  </Badge>
                </Stack>
              ),
            },
            { field: 'description', long: true, render: (s) => s.description || t('common.none') },
          ]).columns
        }
      />
      {editing && (
        <EntryDialog<StaffRecord, StaffValues>
          collection={collection}
          record={editing.record}
          title={editing.record ? t('projects.staff.editTitle') : t('projects.staff.addTitle')}
          fields={[
            { name: 'position' },
            {
              name: 'type',
              optionLabel: (v) => t(`projects.staff.types.${v}`),
            },
            {
              name: 'employee',
              description: t('projects.staff.employeeHelp'),
              displayField: 'name',
              props: { filter: 'employment_status = "Active"' },
            },
            {
              name: 'member',
              description: t('projects.staff.memberHelp'),
              displayField: 'name',
            },
            { name: 'description', widget: 'textarea' },
          ]}
          initialValues={{
            type: editing.record?.type ?? STAFF_TYPES[0],
            employee: editing.record?.employee || null,
            member: editing.record?.member || null,
            position: editing.record?.position ?? '',
            description: editing.record?.description ?? '',
          }}
          toBody={(v) => ({
            [owner.field]: owner.id,
            type: v.type,
            employee: v.employee ?? '',
            member: v.member ?? '',
            position: v.position.trim(),
            description: v.description.trim(),
          })}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('projects.staff.saved') });
            setEditing(null);
          }}
        />
      )}
      <RemoveRecordDialog<StaffRecord>
        collection={collection}
        record={removing}
        message={(s) => t('projects.staff.removeConfirm', { name: person(s) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
