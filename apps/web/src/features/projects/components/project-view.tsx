import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCash,
  IconFileText,
  IconInfoCircle,
  IconListDetails,
  IconMessages,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { labelsOf } from '@/components/resource/field-label';
import { Link, useNavigate } from 'react-router';
import { DangerZone } from '@/components/resource/danger-zone';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { shownOnDemand } from '@/lib/on-demand';
import { RecordPage } from '@/components/resource/record-page';
import { RecordTable } from '@/components/resource/record-table';
import { StatusBadge } from '@/components/resource/common/status-badge';
import { Timeline } from '@/components/resource/timeline';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { equalsFilter, useFullList, useRecord } from '@/lib/data/records';
import { PROJECT_STATUS_COLORS, type ProjectRecord } from '../types';
import { CommitteeTable } from './committees-tab';
import { DurationBar } from './duration-bar';
import { Sections } from './sections';
import { StaffTab } from './staff-tab';
import type { RecordModel } from 'pocketbase';

// The activities' and the finance's tabs are fetched when opened: the finance sections (budget
// lines, donations, requests, checks) were what put a project's page over 300 KB
// (bench/README.md, "every route under 300 KB").
const ActivitiesTab = shownOnDemand(async () => (await import('./activities-tab')).ActivitiesTab);
const ProjectFinanceTab = shownOnDemand(
  async () => (await import('./finance/finance-tab')).ProjectFinanceTab,
);

type Employee = RecordModel & {
  name: string;
  employment_status: string;
  expand?: { employment_position?: { title: string }; employment_section?: { title: string } };
};

/** The project's sections with its place, dates and "View Full Text Report". */
function ProjectTab({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const label = labelsOf(t, 'projects');
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={2} fz="xl">
            {project.title}
          </Title>
          <StatusBadge
            status={project.status}
            colors={PROJECT_STATUS_COLORS}
            texts="projects.status"
          />
        </Group>
        <Button
          component={Link}
          to={paths.projects.report.getHref(project.id)}
          variant="light"
          leftSection={<IconFileText size={16} />}
        >
          {t('projects.viewReport')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {project.code} · {label('manager')}: {project.expand?.manager?.name ?? t('common.none')}
      </Text>
      <DurationBar place={project.place} start={project.starting_date} end={project.end_date} />
      <Sections
        items={(
          [
            'details',
            'objectives',
            'targeted_groups',
            'context_dependant_topics',
            'narrative_report',
          ] as const
        ).map((name) => ({ title: label(name), html: project[name] }))}
      />
    </Stack>
  );
}

/** Assigned staff, then the employees whose employment record names this project. */
function StaffPanel({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const canReadEmployees = useCanAct('employees', 'list');
  const employees = useFullList<Employee>(
    'employees',
    {
      filter: equalsFilter('project', project.id),
      sort: 'name',
      expand: 'employment_position,employment_section',
    },
    { enabled: canReadEmployees },
  );
  return (
    <Stack gap="lg">
      <StaffTab collection="projects_staff" owner={{ field: 'project', id: project.id }} />
      {canReadEmployees && (
        <RecordTable<Employee>
          title={t('projects.staff.employeesTitle')}
          help={t('projects.staff.employeesHelp')}
          query={employees}
          minWidth={420}
          emptyTitle={t('projects.staff.employeesEmpty')}
          columns={[
            {
              key: 'name',
              header: t('fields.projects_staff.employee'),
              strong: true,
              render: (e) => e.name,
            },
            {
              key: 'position',
              header: t('fields.employees.employment_position'),
              render: (e) =>
                e.expand?.employment_position
                  ? t('projects.staff.positionIn', {
                      position: e.expand.employment_position.title,
                      section: e.expand?.employment_section?.title ?? t('common.none'),
                    })
                  : t('common.none'),
            },
            {
              key: 'status',
              header: t('fields.projects.status'),
              render: (e) => t(`employees.status.${e.employment_status}`, e.employment_status),
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** `/projects/:id`: tabs Project, Timeline, Staff, Activities, Finance, Settings. */
export function ProjectView({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useRecord<ProjectRecord>('projects', id, { expand: 'manager' });
  const canUpdate = useCanAct('projects', 'update');
  const canRemove = useCanAct('projects', 'delete');
  const canTimeline = useCanAct('projects_timelines', 'list');
  const canStaff = useCanAct('projects_staff', 'list');
  const canActivities = useCanAct('projects_activities', 'list');
  const canFinance = useCanAct('project_budget_lines', 'list');
  const title = project.data?.title ?? t('pages.project');

  return (
    <RecordPage
      query={project}
      title={title}
      trail={[{ label: t('nav.links.allProjects'), to: paths.projects.list.getHref() }]}
      updateHref={canUpdate ? paths.projects.update.getHref(id) : undefined}
      history={{ collection: 'projects', record: id }}
    >
      {(p) => (
        <DetailTabs
          tabs={[
            {
              value: 'project',
              label: t('projects.tabs.project'),
              icon: <IconInfoCircle size={16} />,
              content: <ProjectTab project={p} />,
            },
            ...(canTimeline
              ? [
                  {
                    value: 'timeline',
                    label: t('projects.tabs.timeline'),
                    icon: <IconMessages size={16} />,
                    content: (
                      <Timeline
                        collection="projects_timelines"
                        owner={{ field: 'project', id: p.id }}
                      />
                    ),
                  },
                ]
              : []),
            ...(canStaff
              ? [
                  {
                    value: 'staff',
                    label: t('projects.tabs.staff'),
                    icon: <IconUsers size={16} />,
                    content: <StaffPanel project={p} />,
                  },
                ]
              : []),
            ...(canActivities
              ? [
                  {
                    value: 'activities',
                    label: t('projects.tabs.activities'),
                    icon: <IconListDetails size={16} />,
                    content: <ActivitiesTab project={p} />,
                  },
                ]
              : []),
            ...(canFinance
              ? [
                  {
                    value: 'finance',
                    label: t('projects.tabs.finance'),
                    icon: <IconCash size={16} />,
                    content: <ProjectFinanceTab projectId={p.id} />,
                  },
                ]
              : []),
            {
              value: 'settings',
              label: t('projects.tabs.settings'),
              icon: <IconSettings size={16} />,
              content: (
                <Stack gap="lg">
                  <CommitteeTable
                    collection="project_financial_committees"
                    kind="financial"
                    projectId={p.id}
                  />
                  <CommitteeTable
                    collection="project_purchases_committees"
                    kind="purchases"
                    projectId={p.id}
                  />
                  {canRemove && (
                    <DangerZone
                      collection="projects"
                      record={p}
                      help={t('projects.danger.help')}
                      confirmMessage={t('projects.danger.confirm', { title: p.title })}
                      title={t('projects.danger.title')}
                      onRemoved={() => void navigate(paths.projects.list.getHref())}
                      errorTestId="project-remove-error"
                    />
                  )}
                </Stack>
              ),
            },
          ]}
        />
      )}
    </RecordPage>
  );
}
