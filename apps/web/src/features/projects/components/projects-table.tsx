import { Anchor, Text } from '@mantine/core';
import { PROJECT_STATUSES } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/list/data-table';
import { listColumns } from '@/components/resource/declared-columns';
import { StatusBadge } from '@/components/resource/common/status-badge';
import { paths } from '@/config/paths';
import { PROJECTS_TABLE } from '../table-source';
import { formatDate } from '@/lib/format/date';
import { equalsFilter } from '@/lib/data/records';
import { PROJECT_STATUS_COLORS, type ProjectRecord } from '../types';

/**
 * Every project: title (link), code, place, dates, status, manager; search, a status filter and
 * CSV. Its request is in `../table-source.ts`.
 */
export function ProjectsTable() {
  const { t } = useTranslation();
  return (
    <DataTable<ProjectRecord>
      {...PROJECTS_TABLE}
      caption={t('pages.projects')}
      searchFields={['title', 'code', 'place']}
      searchPlaceholder={t('projects.list.search')}
      csvFileName="projects"
      emptyTitle={t('projects.list.empty')}
      filters={[
        {
          key: 'status',
          label: t('fields.projects.status'),
          options: PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) })),
          toFilter: (value) => equalsFilter('status', value),
        },
      ]}
      columns={listColumns<ProjectRecord>(t, 'projects', [
        {
          field: 'title',
          sortField: true,
          render: (p) => (
            <Anchor component={Link} to={paths.projects.view.getHref(p.id)} fw={600} size="sm">
              {p.title}
            </Anchor>
          ),
        },
        { field: 'code', sortField: true, visibleFrom: 'sm' },
        { field: 'place', sortField: true, visibleFrom: 'md' },
        {
          field: 'starting_date',
          sortField: true,
          visibleFrom: 'md',
          render: (p) => <Text size="sm">{formatDate(p.starting_date)}</Text>,
          csv: (p) => p.starting_date.slice(0, 10),
        },
        {
          field: 'end_date',
          sortField: true,
          visibleFrom: 'md',
          render: (p) => <Text size="sm">{formatDate(p.end_date)}</Text>,
          csv: (p) => p.end_date.slice(0, 10),
        },
        {
          field: 'status',
          sortField: true,
          render: (p) => (
            <StatusBadge status={p.status} colors={PROJECT_STATUS_COLORS} texts="projects.status" />
          ),
        },
        {
          field: 'manager',
          visibleFrom: 'lg',
          render: (p) => <Text size="sm">{p.expand?.manager?.name ?? t('common.none')}</Text>,
          csv: (p) => p.expand?.manager?.name ?? '',
        },
      ])}
    />
  );
}
