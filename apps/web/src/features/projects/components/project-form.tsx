import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { labelsOf } from '@/components/resource/field-label';
import { useForm } from '@/components/form/basics/use-form';
import { FieldGrid, useSpecRules, type FieldSpec } from '@/components/resource/field-widget';
import { useSaveRecord } from '@/components/resource/use-records';
import { toAppError } from '@/lib/errors';
import { fromApiDate, toApiDate } from '@/lib/format/date';
import type { ProjectRecord } from '../types';

export type ProjectValues = {
  title: string;
  place: string;
  starting_date: string | null;
  end_date: string | null;
  status: string | null;
  manager: string | null;
  details: string;
  objectives: string;
  targeted_groups: string;
  context_dependant_topics: string;
  narrative_report: string;
};

const EDITORS = [
  'details',
  'objectives',
  'targeted_groups',
  'context_dependant_topics',
  'narrative_report',
] as const;

function initial(p: ProjectRecord | null): ProjectValues {
  return {
    title: p?.title ?? '',
    place: p?.place ?? '',
    starting_date: fromApiDate(p?.starting_date),
    end_date: fromApiDate(p?.end_date),
    status: p?.status || 'Planned',
    manager: p?.manager || null,
    details: p?.details ?? '',
    objectives: p?.objectives ?? '',
    targeted_groups: p?.targeted_groups ?? '',
    context_dependant_topics: p?.context_dependant_topics ?? '',
    narrative_report: p?.narrative_report ?? '',
  };
}

/** The project's form (create and update): details, then one editor per report section. */
export function ProjectForm({
  project,
  onSaved,
  onCancel,
}: {
  project: ProjectRecord | null;
  onSaved: (saved: ProjectRecord) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRecord<ProjectRecord>('projects');
  const label = labelsOf(t, 'projects');
  const main: FieldSpec<ProjectValues>[] = [
    { name: 'title', label: label('title'), message: t('projects.form.titleRule') },
    { name: 'place', label: label('place'), half: true },
    {
      name: 'status',
      label: label('status'),
      half: true,
      optionLabel: (s) => t(`projects.status.${s}`),
    },
    { name: 'starting_date', label: label('starting_date'), half: true },
    {
      name: 'end_date',
      label: label('end_date'),
      half: true,
      rules: [
        (value, values) =>
          value && values.starting_date && toApiDate(value) < toApiDate(values.starting_date)
            ? t('projects.form.endBeforeStart')
            : true,
      ],
    },
    {
      name: 'manager',
      label: label('manager'),
      displayField: 'name',
      props: { filter: 'employment_status = "Active"' },
    },
  ];
  const editors: FieldSpec<ProjectValues>[] = EDITORS.map((name) => ({ name, label: label(name) }));
  const specs = [...main, ...editors];
  const form = useForm<ProjectValues>({
    initialValues: initial(project),
    rules: useSpecRules('projects', specs),
  });

  return (
    <form
      noValidate
      aria-label={project ? t('pages.projectUpdate') : t('pages.projectNew')}
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          {
            id: project?.id,
            body: {
              ...values,
              title: values.title.trim(),
              place: values.place.trim(),
              starting_date: toApiDate(values.starting_date),
              end_date: toApiDate(values.end_date),
              manager: values.manager ?? '',
              status: values.status ?? 'Planned',
            },
          },
          {
            onSuccess: onSaved,
            onError: (error) => form.setServerErrors(toAppError(error).fieldErrors),
          },
        ),
      )}
    >
      <Stack gap="lg">
        {save.error && (
          <Alert color="red" variant="light" role="alert" title={t('form.serverError')}>
            {toAppError(save.error).message}
          </Alert>
        )}
        {form.status === 'invalid' && (
          <Alert color="orange" variant="light" role="status">
            {t('form.validationError')}
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <FieldGrid collection="projects" specs={main} form={form} />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('projects.form.sections')}
            </Title>
            <FieldGrid collection="projects" specs={editors} form={form} />
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
