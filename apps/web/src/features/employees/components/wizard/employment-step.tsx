import { Anchor, Grid, Group, Stack, Text } from '@mantine/core';
import { EMPLOYMENT_STATUSES } from '@app/schema';
import { IconExternalLink } from '@tabler/icons-react';
import type { RecordModel } from 'pocketbase';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DateField } from '@/components/form/date-field';
import { RelationPicker } from '@/components/form/relation-picker';
import { RichTextField } from '@/components/form/rich-text-field';
import { SelectField } from '@/components/form/select-fields';
import { TextField } from '@/components/form/basics/text-fields';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import type { OptionsByKind } from '../../api/get-employee-options';
import type { EmployeeOption, EmployeeOptionKind } from '../../types';
import type { EmployeeField } from '../../utils/employee-form';
import { RichTextView } from '@/components/resource/rich-text-view';
import type { StepProps } from './step-props';

type EmploymentStepProps = StepProps & {
  options: OptionsByKind;
  optionsLoading: boolean;
  /** Titles of the stored choices, for options the list does not hold (yet). */
  known: Partial<Record<EmployeeField, EmployeeOption | undefined>>;
  canReadProjects: boolean;
  /** The stored project's title, when projects cannot be searched. */
  projectTitle?: string;
  canManageOptions: boolean;
};

/** "Title — Place (01/02/2026 – 31/12/2026)". */
export function describeProject(record: RecordModel): string {
  const title = String(record.title ?? '');
  const place = String(record.place ?? '');
  const start = formatDate(record.starting_date as string, '');
  const end = formatDate(record.end_date as string, '');
  const dates = start || end ? ` (${start || '…'} – ${end || '…'})` : '';
  return `${title}${place ? ` — ${place}` : ''}${dates}`;
}

/** Step 3: type, shift, project, section, position, qualification, dates, status, job description. */
export function EmploymentStep({
  form,
  editable,
  options,
  optionsLoading,
  known,
  canReadProjects,
  projectTitle,
  canManageOptions,
}: EmploymentStepProps) {
  const { t } = useTranslation();

  const optionSelect = (
    field: EmployeeField & keyof typeof form.values,
    kind: EmployeeOptionKind,
    label: string,
    required = false,
  ) => {
    const list = options[kind];
    const current = form.values[field];
    const data = list.map((o) => ({ value: o.id, label: o.title }));
    const stored = known[field];
    if (typeof current === 'string' && current && !list.some((o) => o.id === current)) {
      data.push({ value: current, label: stored?.title ?? current });
    }
    return (
      <SelectField
        label={label}
        required={required}
        searchable
        clearable={!required}
        disabled={!editable(field)}
        data={data}
        nothingFoundMessage={t('form.relation.nothingFound')}
        placeholder={
          !optionsLoading && list.length === 0 ? t('employees.wizard.noOptions') : undefined
        }
        value={typeof current === 'string' ? current : null}
        onChange={(v) => form.setValue(field, v as never)}
        onBlur={form.field(field).onBlur}
        error={form.errors[field]}
      />
    );
  };

  return (
    <Grid gap="md">
      {canManageOptions && editable('employment_section') && (
        <Grid.Col span={12}>
          <Group justify="flex-end">
            <Anchor
              href={paths.hr.employees.settings.getHref()}
              target="_blank"
              rel="noopener"
              size="sm"
            >
              <Group gap={4} component="span" wrap="nowrap">
                {t('employees.wizard.manageOptions')}
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {optionSelect(
          'employment_section',
          'section',
          t('fields.employees.employment_section'),
          true,
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {optionSelect(
          'employment_position',
          'position',
          t('fields.employees.employment_position'),
          true,
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {optionSelect('employment_type', 'employment_type', t('fields.employees.employment_type'))}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {optionSelect('shift', 'shift', t('fields.employees.shift'))}
      </Grid.Col>
      <Grid.Col span={12}>
        {canReadProjects ? (
          <RelationPicker
            collection="projects"
            displayField="title"
            describe={describeProject}
            label={t('fields.employees.project')}
            disabled={!editable('project')}
            {...form.field('project')}
          />
        ) : (
          <TextField
            label={t('fields.employees.project')}
            value={projectTitle ?? (form.values.project ? form.values.project : '')}
            onChange={() => undefined}
            readOnly
            disabled
            description={t('employees.wizard.projectsHidden')}
          />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {optionSelect('qualification', 'qualification', t('fields.employees.qualification'))}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField
          label={t('fields.employees.specialization')}
          disabled={!editable('specialization')}
          {...form.field('specialization')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateField
          label={t('fields.employees.starting_date')}
          disabled={!editable('starting_date')}
          {...form.field('starting_date')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          label={t('fields.employees.employment_status')}
          required
          disabled={!editable('employment_status')}
          data={EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) }))}
          {...form.field('employment_status')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        {editable('job_description') ? (
          <RichTextField
            label={t('fields.employees.job_description')}
            {...form.field('job_description')}
          />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('fields.employees.job_description')}
            </Text>
            <RichTextView html={form.values.job_description} empty={t('common.none')} />
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
