import { Anchor, Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconSettings, IconUserPlus } from '@tabler/icons-react';
import { EMPLOYMENT_STATUSES } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import type { DataTableFilter } from '@/components/data-table/list/data-table';
import { listColumns } from '@/components/resource/declared-columns';
import { ListPage } from '@/components/resource/list/list-page';
import { phonesOf } from '@/components/person/person-values';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { equalsFilter, fileUrl, useFullList } from '@/lib/data/records';
import { useCan } from '@/lib/session';
import { useEmployeeOptions } from '../api/get-employee-options';
import { EMPLOYEES_TABLE } from '../table-source';
import type { EmployeeRecord, ProjectSummary } from '../types';
import { EmployeeStatusBadge } from './employee-status-badge';
import { positionInSection, sexAndAge } from './employee-text';

/**
 * All employees: search by name, email or phone; filter by status, section, type and project;
 * settings and create by permission.
 */
export function EmployeesListPage() {
  const { t, i18n } = useTranslation();
  const canSettings = useCan('hr_settings.read');
  const options = useEmployeeOptions();
  const canReadProjects = useCan('projects.read');
  const projects = useFullList<ProjectSummary>(
    'projects',
    { sort: 'title', fields: 'id,title' },
    { enabled: canReadProjects },
  );

  const columns = listColumns<EmployeeRecord>(t, 'employees', [
    {
      key: 'name',
      header: t('employees.list.employee'),
      sortField: 'name',
      shrink: true,
      render: (employee) => {
        const details = sexAndAge(t, i18n, employee);
        const position = positionInSection(t, employee);
        return (
          <Anchor
            component={Link}
            to={paths.hr.employees.view.getHref(employee.id)}
            underline="never"
            c="inherit"
            display="block"
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar
                src={fileUrl(employee, employee.avatar, '100x100')}
                name={employee.name}
                color="initials"
                radius="xl"
                size={40}
              />
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm" c="brand.8" truncate>
                  {employee.name}
                </Text>
                {employee.email && (
                  <Text size="xs" c="dimmed" truncate>
                    {employee.email}
                  </Text>
                )}
                {details && (
                  <Text size="xs" c="dimmed">
                    {details}
                  </Text>
                )}
                {position && (
                  <Text size="xs" hiddenFrom="sm">
                    {position}
                  </Text>
                )}
                <Box hiddenFrom="sm" mt={4}>
                  <EmployeeStatusBadge status={employee.employment_status} />
                </Box>
              </Stack>
            </Group>
          </Anchor>
        );
      },
      csv: (employee) => employee.name,
    },
    // The name's cell shows the email already: the column is the export's only.
    { key: 'email', header: t('employees.account.email'), exportOnly: true },
    {
      key: 'position',
      header: t('employees.list.positionColumn'),
      visibleFrom: 'sm',
      render: (employee) => <Text size="sm">{positionInSection(t, employee)}</Text>,
      csv: (employee) => positionInSection(t, employee),
    },
    {
      field: 'employment_status',
      width: 120,
      visibleFrom: 'sm',
      render: (employee) => <EmployeeStatusBadge status={employee.employment_status} />,
      csv: (employee) => employee.employment_status,
    },
    {
      field: 'starting_date',
      sortField: true,
      visibleFrom: 'md',
      render: (employee) => formatDate(employee.starting_date, '—'),
      csv: (employee) => formatDate(employee.starting_date, ''),
    },
    {
      field: 'phone_numbers',
      visibleFrom: 'xl',
      render: (employee) => (
        <Text size="sm">
          {phonesOf(employee.phone_numbers).map((phone, i) => (
            <span key={phone}>
              {i > 0 && ', '}
              <span className="ltr-value">{phone}</span>
            </span>
          ))}
        </Text>
      ),
      csv: (employee) => phonesOf(employee.phone_numbers).join('; '),
    },
    {
      key: 'created',
      header: t('common.created'),
      sortField: true,
      visibleFrom: 'lg',
      render: (employee) => formatDate(employee.created),
      csv: (employee) => formatDateTime(employee.created),
    },
  ]);

  const optionFilter = (
    key: string,
    field: string,
    label: string,
    kind: 'section' | 'employment_type',
  ): DataTableFilter => ({
    key,
    label,
    options: options.byKind[kind].map((o) => ({ value: o.id, label: o.title })),
    toFilter: (value) => equalsFilter(field, value),
  });

  const filters: DataTableFilter[] = [
    {
      key: 'status',
      label: t('fields.employees.employment_status'),
      options: EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) })),
      toFilter: (value) => equalsFilter('employment_status', value),
    },
    optionFilter(
      'section',
      'employment_section',
      t('fields.employees.employment_section'),
      'section',
    ),
    optionFilter(
      'type',
      'employment_type',
      t('fields.employees.employment_type'),
      'employment_type',
    ),
  ];
  if (canReadProjects) {
    filters.push({
      key: 'project',
      label: t('fields.employees.project'),
      options: (projects.data ?? []).map((p) => ({ value: p.id, label: p.title })),
      toFilter: (value) => equalsFilter('project', value),
    });
  }

  return (
    <ListPage<EmployeeRecord>
      title={t('pages.employees')}
      trail={[{ label: t('nav.modules.hr') }, { label: t('pages.employees') }]}
      actions={
        canSettings && (
          <Button
            component={Link}
            to={paths.hr.employees.settings.getHref()}
            variant="default"
            leftSection={<IconSettings size={18} />}
          >
            {t('employees.list.settings')}
          </Button>
        )
      }
      create={{
        href: paths.hr.employees.new.getHref(),
        label: t('employees.list.create'),
        icon: <IconUserPlus size={18} />,
      }}
      table={{
        ...EMPLOYEES_TABLE,
        columns,
        searchFields: ['name', 'email', 'phone_numbers'],
        searchPlaceholder: t('employees.list.search'),
        filters,
        csvFileName: 'employees',
        emptyTitle: t('employees.list.empty'),
      }}
    />
  );
}
