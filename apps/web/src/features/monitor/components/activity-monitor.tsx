import { ACTIVITY_ACTIONS, COLLECTIONS } from '@app/schema';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import {
  actorName,
  collectionLabel,
  recordHref,
  recordName,
} from '@/components/activity/activity-words';
import { DataTable, type DataTableColumn } from '@/components/data-table/list/data-table';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { formatDateTime, formatRelative } from '@/lib/format/date';
import { currentLanguage } from '@/lib/i18n';
import type { ActivityRecord } from '@/lib/models';
import { pb } from '@/lib/pocketbase';
import { andFilters, equalsFilter, orFilters, useFullList } from '@/lib/data/records';
import { onDemand } from '@/lib/on-demand';
import { useSlicedQuery } from '@/lib/sliced-query';
import {
  categoriesFilter,
  MONITOR_CATEGORIES,
  type MonitorSection,
} from '../api/monitor-categories';
import { useLiveActivity } from '../api/use-live-activity';
import { ActionBadge } from './action-badge';

const SECTIONS = ['hr', 'projects', 'finance', 'website'] as const;

/** A row's details, in a drawer fetched on the first opening (./activity-details.tsx). */
const ActivityDetails = onDemand(() => import('./activity-details'), {
  closed: { activity: null },
});

/** A day of a date input as the stored UTC text the filter compares with. */
function dayStart(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day} 00:00:00.000Z` : '';
}
function nextDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return `${d.toISOString().slice(0, 10)} 00:00:00.000Z`;
}

type Account = RecordModel & { name: string };

/** A record id as the URL may carry it (`?record=`, from a record's "History" button). */
const RECORD_ID = /^[a-z0-9]{15}$/;

/** Whether records of `collection` hold others (a project its budget lines): `heldBy`. */
function holdsRecords(collection: string): boolean {
  return COLLECTIONS.some(
    (c) =>
      c.heldBy &&
      c.fields.some(
        (f) => f.name === c.heldBy && f.type === 'relation' && f.collection === collection,
      ),
  );
}

/**
 * Above the list when it shows one record's changes: which record, and the way back to every
 * change. The record is named from its newest entry.
 */
function RecordHistoryNotice({
  filter,
  holds,
  onShowAll,
}: {
  filter: string;
  /** The list takes in the records it holds too. */
  holds: boolean;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const newest = useSlicedQuery({
    queryKey: ['monitor', 'record-name', filter],
    queryFn: () =>
      pb.collection('user_activities').getList<ActivityRecord>(1, 1, {
        filter,
        sort: '-created',
        fields: 'action,collection,record,record_title',
      }),
  });
  const entry = newest.data?.items[0];
  const name = entry ? recordName(t, entry) : '';
  return (
    // A standing notice, not an alarm: read in its turn, not over what the reader hears.
    <Alert variant="light" color="blue" p="sm" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {name
            ? t(holds ? 'monitor.historyWithHeld' : 'monitor.historyOf', { name })
            : t('monitor.historyOfRecord')}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={onShowAll}>
          {t('monitor.showAll')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The people the "who" filter offers: the accounts the reader may list. */
function usePeople() {
  const canEmployees = useCanAct('employees', 'list');
  const canUsers = useCanAct('users', 'list');
  const employees = useFullList<Account>(
    'employees',
    { sort: 'name', fields: 'id,name' },
    { enabled: canEmployees },
  );
  const users = useFullList<Account>(
    'users',
    { sort: 'name', fields: 'id,name' },
    { enabled: canUsers },
  );
  return [...(employees.data ?? []), ...(users.data ?? [])];
}

/**
 * The audit trail of one section, newest first, refreshed live, in words: who (by name), what
 * (the collection in the reader's language and the record's title) with a link to the record.
 */
export function ActivityMonitor({ section }: { section: MonitorSection }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ActivityRecord | null>(null);
  useLiveActivity();
  const people = usePeople();
  const audited = COLLECTIONS.filter((c) => c.audit.length > 0);
  const [params, setParams] = useSearchParams();
  const record = RECORD_ID.test(params.get('record') ?? '') ? params.get('record')! : '';
  // With its collection (from the same link), so the (collection, record) index finds it. Not
  // the `collection` filter's param: that one would leave out the records it holds.
  const collection = params.get('recordCollection') ?? '';
  const ownFilter = record
    ? andFilters(
        collection ? equalsFilter('collection', collection) : '',
        equalsFilter('record', record),
      )
    : '';
  // The records it holds are part of its history (a project's timeline, a member's dues): their
  // entries carry its id in `held_by`, indexed too.
  const holds = record !== '' && holdsRecords(collection);
  const recordFilter = ownFilter && orFilters(ownFilter, holds && equalsFilter('held_by', record));
  const showAll = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('record');
        next.delete('recordCollection');
        next.delete('page');
        return next;
      },
      { replace: false },
    );

  const columns: DataTableColumn<ActivityRecord>[] = [
    // Below `md` (a phone, or a tablet beside the sidebar) only the record's column shows,
    // carrying the action, who and when: five columns left the record's name a word per line.
    {
      key: 'created',
      header: t('monitor.when'),
      sortField: true,
      visibleFrom: 'md',
      nowrap: true,
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
      visibleFrom: 'md',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {actorName(t, a)}
          </Text>
          <Text size="xs" c="dimmed">
            {a.actor_email}
          </Text>
        </Stack>
      ),
      csv: (a) => actorName(t, a),
    },
    { key: 'actor_email', header: t('monitor.email'), exportOnly: true },
    {
      key: 'action',
      header: t('monitor.action'),
      sortField: true,
      visibleFrom: 'md',
      render: (a) => <ActionBadge action={a.action} />,
      csv: (a) => t(`activity.actions.${a.action}`),
    },
    {
      key: 'record_title',
      header: t('monitor.record'),
      grow: true,
      render: (a) => {
        const href = recordHref(a);
        const name = recordName(t, a);
        return (
          <Stack gap={0}>
            {href && name ? (
              <Anchor component={Link} to={href} size="sm" fw={500}>
                {name}
              </Anchor>
            ) : (
              <Text size="sm">{name || '—'}</Text>
            )}
            <Text size="xs" c="dimmed">
              {collectionLabel(t, a.collection)}
            </Text>
            <Group hiddenFrom="md" gap={6} mt={4}>
              <ActionBadge action={a.action} />
              <Text size="xs">
                {actorName(t, a)} · {formatRelative(a.created, { locale: currentLanguage() })}
              </Text>
            </Group>
          </Stack>
        );
      },
      csv: (a) => recordName(t, a),
    },
    {
      key: 'collection',
      header: t('monitor.collection'),
      exportOnly: true,
      csv: (a) => collectionLabel(t, a.collection),
    },
    { key: 'record', header: t('monitor.recordId'), exportOnly: true },
    {
      key: 'ip',
      header: t('monitor.ip'),
      visibleFrom: 'md',
      nowrap: true,
      render: (a) => (
        <Text size="sm" dir="ltr" ta="start">
          {a.ip || '—'}
        </Text>
      ),
    },
    {
      key: 'categories',
      header: t('monitor.categories'),
      exportOnly: true,
      csv: (a) => (a.categories ?? []).join('; '),
    },
    {
      key: 'details',
      header: '',
      csv: false,
      render: (a) => (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={t('monitor.viewOf', { name: recordName(t, a) || actorName(t, a) })}
          onClick={() => setSelected(a)}
        >
          {t('monitor.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {ownFilter && <RecordHistoryNotice filter={ownFilter} holds={holds} onShowAll={showAll} />}
      <DataTable<ActivityRecord>
        collection="user_activities"
        caption={t(`pages.monitor.${section}`)}
        columns={columns}
        baseFilter={andFilters(categoriesFilter(MONITOR_CATEGORIES[section]), recordFilter)}
        searchFields={['record_title', 'actor_name', 'actor_email']}
        searchPlaceholder={t('monitor.search')}
        filters={[
          {
            key: 'who',
            label: t('monitor.who'),
            searchable: true,
            options: people.map((p) => ({ value: p.id, label: p.name || p.id })),
            toFilter: (value) => equalsFilter('actor', value),
          },
          {
            key: 'action',
            label: t('monitor.action'),
            options: ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`activity.actions.${a}`) })),
            toFilter: (value) => equalsFilter('action', value),
          },
          {
            key: 'collection',
            label: t('monitor.collection'),
            searchable: true,
            options: audited.map((c) => ({ value: c.name, label: collectionLabel(t, c.name) })),
            toFilter: (value) => equalsFilter('collection', value),
          },
          ...(section === 'all'
            ? [
                {
                  key: 'area',
                  label: t('monitor.area'),
                  options: SECTIONS.map((s) => ({
                    value: s,
                    label: t(`nav.links.monitor${s[0].toUpperCase()}${s.slice(1)}`),
                  })),
                  toFilter: (value: string) =>
                    (SECTIONS as readonly string[]).includes(value)
                      ? `(${categoriesFilter(MONITOR_CATEGORIES[value as MonitorSection])})`
                      : '',
                },
              ]
            : []),
          {
            key: 'from',
            label: t('monitor.from'),
            kind: 'date',
            options: [],
            toFilter: (value) => (dayStart(value) ? `created >= "${dayStart(value)}"` : ''),
          },
          {
            key: 'to',
            label: t('monitor.to'),
            kind: 'date',
            options: [],
            toFilter: (value) => (nextDay(value) ? `created < "${nextDay(value)}"` : ''),
          },
        ]}
        fields="id,actor,actor_collection,actor_name,actor_email,action,collection,record,record_title,categories,before,after,ip,comment,created"
        csvFileName={`activity-${section}`}
        emptyTitle={t('monitor.empty')}
      />
      <ActivityDetails
        when={selected !== null}
        activity={selected}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
