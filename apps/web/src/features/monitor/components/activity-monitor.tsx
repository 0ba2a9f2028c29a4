import { ACTIVITY_ACTIONS } from '@app/schema';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { formatDateTime, formatRelative } from '@/lib/format/date';
import { currentLanguage } from '@/lib/i18n';
import type { ActivityRecord } from '@/lib/models';
import { equalsFilter } from '@/lib/records';
import {
  categoriesFilter,
  MONITOR_CATEGORIES,
  type MonitorSection,
} from '../api/monitor-categories';
import { useLiveActivity } from '../api/use-live-activity';
import { ActivityDetails } from './activity-details';

const ACTION_COLORS: Record<string, string> = {
  CREATE: 'brand',
  UPDATE: 'blue',
  DELETE: 'red',
  SIGN_IN: 'green',
  SIGN_IN_FAILED: 'orange',
  PASSWORD_CHANGE: 'grape',
  PASSWORD_RESET: 'grape',
  EMAIL_CHANGE: 'grape',
  ROLE_CHANGE: 'grape',
  BACKUP_CREATE: 'teal',
  BACKUP_UPLOAD: 'teal',
  BACKUP_DELETE: 'red',
  BACKUP_RESTORE: 'orange',
};

/** The audit trail of one section, newest first, refreshed live. */
export function ActivityMonitor({ section }: { section: MonitorSection }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ActivityRecord | null>(null);
  useLiveActivity();

  const columns: DataTableColumn<ActivityRecord>[] = [
    {
      key: 'created',
      header: t('monitor.when'),
      sortField: true,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{formatRelative(a.created, { locale: currentLanguage() })}</Text>
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {formatDateTime(a.created)}
          </Text>
        </Stack>
      ),
      csv: (a) => a.created,
    },
    {
      key: 'actor_name',
      header: t('monitor.actor'),
      sortField: true,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {a.actor_name || t('monitor.system')}
          </Text>
          <Text size="xs" c="dimmed">
            {a.actor_email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'action',
      header: t('monitor.action'),
      sortField: true,
      render: (a) => (
        <Badge color={ACTION_COLORS[a.action] ?? 'gray'} variant="light">
          {t(`activity.actions.${a.action}`)}
        </Badge>
      ),
    },
    {
      key: 'collection',
      header: t('monitor.collection'),
      sortField: true,
      visibleFrom: 'sm',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.collection || '—'}</Text>
          <Text size="xs" c="dimmed">
            {a.record}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'categories',
      header: t('monitor.categories'),
      visibleFrom: 'md',
      render: (a) => (
        <Group gap={4}>
          {(a.categories ?? []).map((c) => (
            <Badge key={c} size="xs" variant="outline" color="gray" tt="none">
              {c}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'details',
      header: '',
      csv: false,
      render: (a) => (
        <Button size="compact-xs" variant="subtle" onClick={() => setSelected(a)}>
          {t('monitor.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable<ActivityRecord>
        collection="user_activities"
        caption={t(`pages.monitor.${section}`)}
        columns={columns}
        baseFilter={categoriesFilter(MONITOR_CATEGORIES[section])}
        searchFields={['actor_name', 'actor_email', 'collection', 'record']}
        searchPlaceholder={t('monitor.search')}
        filters={[
          {
            key: 'action',
            label: t('monitor.action'),
            options: ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`activity.actions.${a}`) })),
            toFilter: (value) => equalsFilter('action', value),
          },
        ]}
        fields="id,actor,actor_collection,actor_name,actor_email,action,collection,record,categories,before,after,ip,comment,created"
        csvFileName={`activity-${section}`}
        emptyTitle={t('monitor.empty')}
      />
      <ActivityDetails activity={selected} onClose={() => setSelected(null)} />
    </>
  );
}
