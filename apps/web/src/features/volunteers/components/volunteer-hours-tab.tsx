import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconClockHour4, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/page/error-state';
import { todayInput } from '@/components/person/person-values';
import { StatCard } from '@/components/person/stat-card';
import { ChildRecordsTab } from '@/components/resource/child-records-tab';
import { formatDate, fromApiDate } from '@/lib/format/date';
import { useHoursSummary } from '../api/get-hours-summary';
import { hoursBody, type HoursInput } from '../api/save-volunteer-hours';
import { formatHours, shareOf } from '../hours-format';
import { VOLUNTEER_HOURS, type HoursRecord, type VolunteerRecord } from '../types';

/** A volunteer's hours: totals and hours by project from the server, every entry, logging. */
export function VolunteerHoursTab({
  volunteer,
  canEdit,
}: {
  volunteer: VolunteerRecord;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const hours = (n: number) => t('volunteers.hours.value', { hours: formatHours(n) });
  const onDate = (entry: HoursRecord) => ({ date: formatDate(entry.date) });

  return (
    <ChildRecordsTab<HoursRecord, HoursInput>
      collection={VOLUNTEER_HOURS}
      parentField="volunteer"
      parentId={volunteer.id}
      sort="-date,-created"
      expand="project"
      canEdit={canEdit}
      summary={<HoursSummaryCards volunteerId={volunteer.id} />}
      table={{
        title: t('volunteers.hours.title'),
        addLabel: t('volunteers.hours.log'),
        emptyTitle: t('volunteers.hours.empty'),
        emptyHint: t('volunteers.hours.emptyHint'),
        minWidth: 720,
        nowrap: true,
        editTooltip: t('volunteers.hours.edit'),
        editLabel: (entry) => t('volunteers.hours.editOf', onDate(entry)),
        removeLabel: (entry) => t('volunteers.hours.removeOf', onDate(entry)),
        columns: [
          { key: 'date', header: t('volunteers.hours.date'), render: (e) => formatDate(e.date) },
          {
            key: 'hours',
            header: t('volunteers.hours.hours'),
            strong: true,
            render: (e) => hours(e.hours),
          },
          {
            key: 'project',
            header: t('volunteers.hours.project'),
            render: (e) => e.expand?.project?.title ?? '—',
          },
          {
            key: 'activity',
            header: t('volunteers.hours.activity'),
            render: (e) => e.activity || '—',
          },
          {
            key: 'note',
            header: t('volunteers.hours.note'),
            long: true,
            render: (e) => e.note || '—',
          },
        ],
      }}
      dialog={{
        size: 'lg',
        title: (entry) =>
          entry ? t('volunteers.hours.editTitle') : t('volunteers.hours.logTitle'),
        saved: (entry) => (entry ? t('volunteers.hours.updated') : t('volunteers.hours.logged')),
        fields: [
          {
            name: 'date',
            label: t('volunteers.hours.date'),
            half: true,
            message: t('volunteers.hours.dateRequired'),
            rules: [
              (value: string | null) =>
                !value || value <= todayInput() ? true : t('volunteers.hours.dateFuture'),
            ],
            props: { maxDate: todayInput() },
          },
          {
            name: 'hours',
            label: t('volunteers.hours.hours'),
            description: t('volunteers.hours.hoursHint'),
            half: true,
            // Stored as a fixed-point number, but hours are no amount of money.
            widget: 'number',
            message: t('volunteers.hours.hoursRange'),
            props: { step: 0.25 },
          },
          {
            name: 'project',
            label: t('volunteers.hours.project'),
            placeholder: t('volunteers.hours.projectPlaceholder'),
          },
          {
            name: 'activity',
            label: t('volunteers.hours.activity'),
            placeholder: t('volunteers.hours.activityPlaceholder'),
          },
          { name: 'note', label: t('volunteers.hours.note') },
        ],
        initialValues: (entry) =>
          entry
            ? {
                date: fromApiDate(entry.date),
                hours: entry.hours,
                project: entry.project || null,
                activity: entry.activity ?? '',
                note: entry.note ?? '',
              }
            : { date: todayInput(), hours: null, project: null, activity: '', note: '' },
        toBody: (values) => hoursBody(volunteer.id, values),
      }}
      removeMessage={(entry) =>
        t('volunteers.hours.removeConfirm', {
          hours: formatHours(entry.hours),
          date: formatDate(entry.date),
        })
      }
    />
  );
}

/** Total, this year's and by project, computed by the server. */
function HoursSummaryCards({ volunteerId }: { volunteerId: string }) {
  const { t } = useTranslation();
  const summary = useHoursSummary(volunteerId);
  const hours = (n: number) => t('volunteers.hours.value', { hours: formatHours(n) });
  if (summary.isError) {
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  const grid = { cols: { base: 3 }, spacing: { base: 'xs', sm: 'md' } } as const;
  if (!summary.data) {
    return (
      <SimpleGrid {...grid}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={92} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const data = summary.data;
  const projectName = (row: (typeof data.byProject)[number]) =>
    row.project ? row.title : t('volunteers.hours.noProject');
  return (
    <>
      <SimpleGrid {...grid} aria-label={t('volunteers.hours.summary')}>
        <StatCard
          label={t('volunteers.hours.total')}
          value={hours(data.totalHours)}
          icon={<IconClockHour4 size={20} />}
        />
        <StatCard
          label={t('volunteers.hours.thisYear')}
          value={hours(data.thisYearHours)}
          hint={String(new Date().getFullYear())}
          icon={<IconCalendarStats size={20} />}
        />
        <StatCard
          label={t('volunteers.hours.entries')}
          value={data.entries}
          icon={<IconListNumbers size={20} />}
          ltr
        />
      </SimpleGrid>
      {data.byProject.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              {t('volunteers.hours.byProject')}
            </Title>
            {data.byProject.map((row) => (
              <Stack key={row.project || 'none'} gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} c={row.project ? undefined : 'dimmed'} truncate>
                    {projectName(row)}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {hours(row.hours)}
                  </Text>
                </Group>
                <Progress
                  value={shareOf(row.hours, data.totalHours)}
                  color={row.project ? 'brand' : 'gray'}
                  aria-label={projectName(row)}
                />
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
