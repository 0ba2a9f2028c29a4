import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { EntryDialog } from '@/components/resource/entry-dialog';
import { resolveColumns } from '@/components/resource/declared-columns';
import { RecordTable } from '@/components/resource/record-table';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { equalsFilter, useFullList } from '@/lib/data/records';
import type { ActivityRecord, ProjectRecord } from '../types';
import {
  activityFields,
  activityBody,
  activityValues,
  type ActivityValues,
} from './activity-fields';

/** "<title> - Activities": the project's activities and the "Create New Activity" dialog. */
export function ActivitiesTab({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const canAdd = useCanAct('projects_activities', 'create');
  const [adding, setAdding] = useState(false);
  // The old app's call: the long texts cut to an excerpt on the server.
  const activities = useFullList<ActivityRecord>('projects_activities', {
    filter: equalsFilter('project', project.id),
    sort: 'starting_date,created',
    fields: '*,description:excerpt(1,true)',
  });
  return (
    <Stack gap="lg">
      <RecordTable<ActivityRecord>
        title={t('projects.activities.title', { title: project.title })}
        query={activities}
        minWidth={560}
        nowrap
        emptyTitle={t('projects.activities.empty')}
        add={
          canAdd
            ? { label: t('projects.activities.add'), onClick: () => setAdding(true) }
            : undefined
        }
        // The activity's own fields: their names are its entries, the dates by their type.
        columns={
          resolveColumns<ActivityRecord>(t, 'projects_activities', [
            {
              field: 'title',
              render: (a) => (
                <Anchor
                  component={Link}
                  to={paths.activities.view.getHref(a.id)}
                  fw={600}
                  size="sm"
                >
                  {a.title}
                </Anchor>
              ),
            },
            { field: 'place', render: (a) => a.place || t('common.none') },
            { field: 'starting_date' },
            { field: 'end_date' },
          ]).columns
        }
      />
      {adding && (
        <EntryDialog<ActivityRecord, ActivityValues>
          collection="projects_activities"
          record={null}
          size="lg"
          title={t('projects.activities.addTitle')}
          fields={activityFields(t, 'create')}
          initialValues={activityValues(null)}
          toBody={(v) => ({ project: project.id, ...activityBody(v) })}
          onClose={() => setAdding(false)}
          onSaved={() => {
            notifications.show({ color: 'green', message: t('projects.activities.added') });
            setAdding(false);
          }}
        />
      )}
    </Stack>
  );
}
