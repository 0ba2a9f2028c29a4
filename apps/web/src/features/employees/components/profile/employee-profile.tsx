import { Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconChecklist, IconKey, IconUser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EMPLOYEES } from '../../api/get-employee';
import type { EmployeeRecord } from '../../types';
import { AuthTab } from './auth-tab';
import { DangerZone } from '@/components/resource/danger-zone';
import { EmployeeTab } from './employee-tab';
import { SalaryTab } from './salary-tab';
import { TasksTab } from './tasks-tab';

export type ProfileAccess = {
  /** The profile is the account's own. */
  own: boolean;
  salary: boolean;
  auth: boolean;
  manageTasks: boolean;
  remove: boolean;
};

const TABS = ['employee', 'salary', 'auth', 'tasks', 'danger'] as const;
type TabId = (typeof TABS)[number];

/** The employee's profile in tabs; the open tab is kept in the URL (`?tab=`). */
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
  const [params, setParams] = useSearchParams();
  const visible: TabId[] = TABS.filter(
    (tab) =>
      tab === 'employee' ||
      tab === 'tasks' ||
      (tab === 'salary' && access.salary) ||
      (tab === 'auth' && access.auth) ||
      (tab === 'danger' && access.remove),
  );
  const requested = params.get('tab') as TabId | null;
  const active: TabId = requested && visible.includes(requested) ? requested : 'employee';
  const listRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the tab bar scrolls: keep the open tab in sight.
  useEffect(() => {
    const selected = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const icons = {
    employee: IconUser,
    salary: IconCash,
    auth: IconKey,
    tasks: IconChecklist,
    danger: IconAlertTriangle,
  } as const;

  return (
    <Tabs
      value={active}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (!value || value === 'employee') next.delete('tab');
            else next.set('tab', value);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List
        ref={listRef}
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
      >
        {visible.map((tab) => {
          const TabIcon = icons[tab];
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              leftSection={<TabIcon size={16} />}
              color={tab === 'danger' ? 'red' : undefined}
              style={{ flexShrink: 0 }}
            >
              {t(`employees.profile.tab_${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Stack pt="lg">
        <Tabs.Panel value="employee">
          <EmployeeTab employee={employee} />
        </Tabs.Panel>
        {access.salary && (
          <Tabs.Panel value="salary">
            <SalaryTab employee={employee} />
          </Tabs.Panel>
        )}
        {access.auth && (
          <Tabs.Panel value="auth">
            <AuthTab employee={employee} own={access.own} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="tasks">
          <TasksTab employee={employee} canManage={access.manageTasks} />
        </Tabs.Panel>
        {access.remove && (
          <Tabs.Panel value="danger">
            <DangerZone
              collection={EMPLOYEES}
              record={employee}
              help={t('employees.danger.help')}
              confirmMessage={t('employees.danger.confirm', { name: employee.name })}
              buttonLabel={t('employees.danger.remove')}
              onRemoved={onDeleted}
            />
          </Tabs.Panel>
        )}
      </Stack>
    </Tabs>
  );
}
