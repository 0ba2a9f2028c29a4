import { IconAlertTriangle, IconCash, IconChecklist, IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DetailTabs, type DetailTab } from '@/components/resource/detail-tabs';
import { shownOnDemand } from '@/lib/on-demand';
import { EMPLOYEES } from '../../api/get-employee';
import type { EmployeeRecord } from '../../types';
import { DangerZone } from '@/components/resource/danger-zone';
import { EmployeeTab } from './employee-tab';

// The tabs after the first are fetched when opened: the page opens on the employee's details,
// and the tasks' table and editor, the salary's history and the account's permissions made the
// heaviest page of the app (bench/README.md, "every route under 300 KB").
const SalaryTab = shownOnDemand(async () => (await import('./salary-tab')).SalaryTab);
const AuthTab = shownOnDemand(async () => (await import('./auth-tab')).AuthTab);
const TasksTab = shownOnDemand(async () => (await import('./tasks-tab')).TasksTab);

export type ProfileAccess = {
  /** The profile is the account's own. */
  own: boolean;
  salary: boolean;
  auth: boolean;
  manageTasks: boolean;
  remove: boolean;
};

/**
 * The employee's profile in tabs (the kit's record tabs: the open one is `?tab=` in the URL, and
 * the row wraps on a narrow screen like every other record's).
 */
export function EmployeeProfile({
  employee,
  access,
  onDeleted,
}: {
  employee: EmployeeRecord;
  access: ProfileAccess;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const tabs: (DetailTab | false)[] = [
    {
      value: 'employee',
      label: t('employees.profile.tab_employee'),
      icon: <IconUser size={16} />,
      content: <EmployeeTab employee={employee} />,
    },
    access.salary && {
      value: 'salary',
      label: t('employees.profile.tab_salary'),
      icon: <IconCash size={16} />,
      content: <SalaryTab employee={employee} />,
    },
    access.auth && {
      value: 'auth',
      label: t('employees.profile.tab_auth'),
      icon: <IconKey size={16} />,
      content: <AuthTab employee={employee} own={access.own} />,
    },
    {
      value: 'tasks',
      label: t('employees.profile.tab_tasks'),
      icon: <IconChecklist size={16} />,
      content: <TasksTab employee={employee} canManage={access.manageTasks} />,
    },
    access.remove && {
      value: 'danger',
      label: t('employees.profile.tab_danger'),
      icon: <IconAlertTriangle size={16} />,
      danger: true,
      content: (
        <DangerZone
          collection={EMPLOYEES}
          record={employee}
          help={t('employees.danger.help')}
          confirmMessage={t('employees.danger.confirm', { name: employee.name })}
          buttonLabel={t('employees.danger.remove')}
          onRemoved={onDeleted}
        />
      ),
    },
  ];
  return <DetailTabs tabs={tabs.filter((tab): tab is DetailTab => tab !== false)} />;
}
