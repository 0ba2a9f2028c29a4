import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconClockHour4, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { todayInput } from '@/components/person/person-values';
import { StatCard } from '@/components/person/stat-card';
import { ChildRecordsTab } from '@/components/resource/child-records-tab';
import { SummaryCards } from '@/components/resource/summary-cards';
import { useChildSummary } from '@/components/resource/use-records';
import { formatDate, fromApiDate } from '@/lib/format/date';
import { hoursBody, type HoursInput } from '../api/save-volunteer-hours';
import { hoursFields } from './hours-fields';
import { formatHours, shareOf } from '../hours-format';
import {
  VOLUNTEER_HOURS,
  type HoursRecord,
  type HoursSummary,
  type VolunteerRecord,
} from '../types';

/** A volunteer's hours: totals and hours by project from the server, every entry, logging. */
export function VolunteerHoursTab({ person: volunteer }: { person: VolunteerRecord }) {
  const { t } = useTranslation();
  const hours = (n: number) => t('volunteers.hours.value', { hours: formatHours(n) });

  return (
    <ChildRecordsTab<HoursRecord, HoursInput>
      collection={VOLUNTEER_HOURS}
      parent={volunteer}
      expand="project"
      summary={<HoursSummaryCards volunteerId={volunteer.id} />}
      texts={{ prefix: 'volunteers.hours', add: 'log', added: 'logged' }}
      rowDate={(entry) => entry.date}
      table={{
        minWidth: 720,
        columns: [
          { field: 'date' },
          { field: 'hours', strong: true, render: (e) => hours(e.hours) },
          { field: 'project' },
          { field: 'activity' },
          { field: 'note', long: true },
        ],
      }}
      dialog={{
        size: 'lg',
        fields: hoursFields(t),
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
        queueable: true,
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
  const summary = useChildSummary<HoursSummary>(
    VOLUNTEER_HOURS,
    volunteerId,
    `/api/hr/volunteers/${encodeURIComponent(volunteerId)}/hours-summary`,
  );
  const hours = (n: number) => t('volunteers.hours.value', { hours: formatHours(n) });
  const projectName = (row: HoursSummary['byProject'][number]) =>
    row.project ? row.title : t('volunteers.hours.noProject');
  return (
    <SummaryCards
      query={summary}
      cols={3}
      narrowCols={3}
      label={t('volunteers.hours.summary')}
      below={(data) =>
        data.byProject.length > 0 && (
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
        )
      }
    >
      {(data) => (
        <>
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
        </>
      )}
    </SummaryCards>
  );
}
