import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconInfoCircle,
  IconMessages,
  IconPencil,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { labelsOf } from '@/components/resource/field-label';
import { Link, useNavigate } from 'react-router';
import { DangerZone } from '@/components/resource/danger-zone';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { RecordPage } from '@/components/resource/record-page';
import { Timeline } from '@/components/resource/timeline';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { useRecord } from '@/lib/data/records';
import type { ActivityRecord } from '../types';
import {
  ACTIVITY_SECTIONS,
  activityBody,
  activityFields,
  activityValues,
  type ActivityValues,
} from './activity-fields';
import { DurationBar } from './duration-bar';
import { ActivityFinanceTab } from './finance/activity-finance';
import { Sections } from './sections';
import { StaffTab } from './staff-tab';

function ActivityTab({ activity, actions }: { activity: ActivityRecord; actions?: ReactNode }) {
  const { t } = useTranslation();
  const project = activity.expand?.project;
  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">
        {t('projects.activityHeading', { title: activity.title })}
      </Title>
      {project && (
        <Text size="sm">
          {t('projects.activityProject')}{' '}
          <Anchor component={Link} to={paths.projects.view.getHref(project.id)}>
            {project.title}
          </Anchor>
        </Text>
      )}
      <DurationBar place={activity.place} start={activity.starting_date} end={activity.end_date} />
      {actions}
      <Text size="sm">
        {t('projects.participantsCount', { count: activity.audience_count || 0 })}
      </Text>
      <Sections
        items={ACTIVITY_SECTIONS.map((name) => ({
          title: labelsOf(t, 'projects_activities')(name),
          html: activity[name],
        }))}
      />
    </Stack>
  );
}

/**
 * `/activities/:id`: tabs Activity, Timeline, Staff, Finance, Settings; "Update" opens a dialog.
 * `fieldActions`: what other areas record from the activity (a volunteer's hours), given by the
 * route.
 */
export function ActivityView({
  id,
  fieldActions,
}: {
  id: string;
  fieldActions?: (activity: ActivityRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activity = useRecord<ActivityRecord>('projects_activities', id, { expand: 'project' });
  const canUpdate = useCanAct('projects_activities', 'update');
  const canRemove = useCanAct('projects_activities', 'delete');
  const canTimeline = useCanAct('activities_timelines', 'list');
  const canStaff = useCanAct('activities_staff', 'list');
  const canDonations = useCanAct('donations', 'list');
  const canExpenses = useCanAct('expenses', 'list');
  const canFinance = canDonations || canExpenses;
  const [editing, setEditing] = useState(false);
  const title = activity.data?.title ?? t('pages.activity');
  const project = activity.data?.expand?.project;

  return (
    <RecordPage
      query={activity}
      title={title}
      history={{ collection: 'projects_activities', record: id }}
      trail={[
        { label: t('nav.links.allProjects'), to: paths.projects.list.getHref() },
        ...(project
          ? [
              {
                label: project.title,
                to: paths.projects.view.getHref(project.id) + '?tab=activities',
              },
            ]
          : []),
      ]}
      actions={
        canUpdate && (
          <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            {t('common.update')}
          </Button>
        )
      }
    >
      {(a) => (
        <>
          <DetailTabs
            tabs={[
              {
                value: 'activity',
                label: t('projects.tabs.activity'),
                icon: <IconInfoCircle size={16} />,
                content: <ActivityTab activity={a} actions={fieldActions?.(a)} />,
              },
              ...(canTimeline
                ? [
                    {
                      value: 'timeline',
                      label: t('projects.tabs.timeline'),
                      icon: <IconMessages size={16} />,
                      content: (
                        <Timeline
                          collection="activities_timelines"
                          owner={{ field: 'activity', id: a.id }}
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
                      content: (
                        <StaffTab
                          collection="activities_staff"
                          owner={{ field: 'activity', id: a.id }}
                        />
                      ),
                    },
                  ]
                : []),
              ...(canFinance
                ? [
                    {
                      value: 'finance',
                      label: t('projects.tabs.finance'),
                      icon: <IconCash size={16} />,
                      content: <ActivityFinanceTab activity={a} />,
                    },
                  ]
                : []),
              {
                value: 'settings',
                label: t('projects.tabs.settings'),
                icon: <IconSettings size={16} />,
                content: canRemove ? (
                  <DangerZone
                    collection="projects_activities"
                    record={a}
                    help={t('projects.danger.activityHelp')}
                    confirmMessage={t('projects.danger.activityConfirm', { title: a.title })}
                    title={t('projects.danger.title')}
                    onRemoved={() =>
                      void navigate(paths.projects.view.getHref(a.project) + '?tab=activities')
                    }
                  />
                ) : (
                  <Group>
                    <Text size="sm" c="dimmed">
                      {t('projects.danger.noRights')}
                    </Text>
                  </Group>
                ),
              },
            ]}
          />
          {editing && (
            <EntryDialog<ActivityRecord, ActivityValues>
              collection="projects_activities"
              record={a}
              size="lg"
              title={t('projects.activities.editTitle')}
              fields={activityFields(t, 'update')}
              initialValues={activityValues(a)}
              toBody={activityBody}
              queueable
              onClose={() => setEditing(false)}
              onSaved={() => {
                notifications.show({ color: 'green', message: t('projects.activities.updated') });
                setEditing(false);
              }}
            />
          )}
        </>
      )}
    </RecordPage>
  );
}
