import { Anchor, Text } from '@mantine/core';
import { PROJECT_STATUSES } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { StatusBadge } from '@/components/resource/status-badge';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { equalsFilter } from '@/lib/records';
import { PROJECT_STATUS_COLORS, type ProjectRecord } from '../types';

/**
 * Every project: title (link), code, place, dates, status, manager; search, a status filter and
 * CSV. Fetched with the old app's `details:excerpt` so the long texts stay on the server.
 */
export function ProjectsTable() {
  const { t } = useTranslation();
  return (
    <DataTable<ProjectRecord>
      collection="projects"
      caption={t('pages.projects')}
      searchFields={['title', 'code', 'place']}
      searchPlaceholder={t('projects.list.search')}
      fields="*,details:excerpt(1,true),objectives:excerpt(1,true),targeted_groups:excerpt(1,true),context_dependant_topics:excerpt(1,true),narrative_report:excerpt(1,true),expand.manager.name,expand.manager.id"
      expand="manager"
      defaultSort="-created"
      csvFileName="projects"
      emptyTitle={t('projects.list.empty')}
      filters={[
        {
          key: 'status',
          label: t('projects.fields.status'),
          options: PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) })),
          toFilter: (value) => equalsFilter('status', value),
        },
      ]}
      columns={[
        {
          key: 'title',
          header: t('projects.fields.title'),
          sortField: true,
          render: (p) => (
            <Anchor component={Link} to={paths.projects.view.getHref(p.id)} fw={600} size="sm">
              {p.title}
            </Anchor>
          ),
        },
        { key: 'code', header: t('projects.fields.code'), sortField: true, visibleFrom: 'sm' },
        { key: 'place', header: t('projects.fields.place'), sortField: true, visibleFrom: 'md' },
        {
          key: 'starting_date',
          header: t('projects.fields.starting_date'),
          sortField: true,
          visibleFrom: 'md',
          render: (p) => <Text size="sm">{formatDate(p.starting_date)}</Text>,
          csv: (p) => p.starting_date.slice(0, 10),
        },
        {
          key: 'end_date',
          header: t('projects.fields.end_date'),
          sortField: true,
          visibleFrom: 'md',
          render: (p) => <Text size="sm">{formatDate(p.end_date)}</Text>,
          csv: (p) => p.end_date.slice(0, 10),
        },
        {
          key: 'status',
          header: t('projects.fields.status'),
          sortField: true,
          render: (p) => (
            <StatusBadge status={p.status} colors={PROJECT_STATUS_COLORS} texts="projects.status" />
          ),
        },
        {
          key: 'manager',
          header: t('projects.fields.manager'),
          visibleFrom: 'lg',
          render: (p) => <Text size="sm">{p.expand?.manager?.name ?? t('common.none')}</Text>,
          csv: (p) => p.expand?.manager?.name ?? '',
        },
      ]}
    />
  );
}
