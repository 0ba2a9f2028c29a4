import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { useDefaultPassword } from '@/components/resource/accounts';
import { showCreated } from '@/components/resource/created-notice';
import { useSaveRecord } from '@/components/resource/use-records';
import { paths } from '@/config/paths';
import { EMPLOYEES } from '@/features/employees/api/get-employee';
import type { EmployeeRecord } from '@/features/employees/types';
import { EmployeeWizard } from '@/features/employees/components/wizard/employee-wizard';
import {
  EMPTY_EMPLOYEE,
  employeeBody,
  usesDefaultPassword,
  type EmployeeFormAccess,
} from '@/features/employees/utils/employee-form';
import { toAppError } from '@/lib/errors';
import { useCan } from '@/lib/session';

export default function EmployeeNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useSaveRecord<EmployeeRecord>(EMPLOYEES);
  const canList = useCan('employees.read');
  const canSalary = useCan('employees.read_salary');
  const canAuth = useCan('employees.read_auth');
  const access = useMemo<EmployeeFormAccess>(
    () => ({ mode: 'create', canManage: true, canSalary, canAuth, own: false }),
    [canSalary, canAuth],
  );
  // Without the authentication step the new employee starts on the server's default password.
  const defaultPassword = useDefaultPassword(usesDefaultPassword(access));

  return (
    <PageFrame
      title={t('pages.employeeNew')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: t('pages.employees'),
          to: canList ? paths.hr.employees.list.getHref() : undefined,
        },
        { label: t('pages.employeeNew') },
      ]}
    >
      <EmployeeWizard
        access={access}
        initialValues={EMPTY_EMPLOYEE}
        submitting={create.isPending || defaultPassword.isLoading}
        serverError={
          create.error || defaultPassword.error
            ? toAppError(create.error ?? defaultPassword.error).message
            : null
        }
        onCancel={() =>
          navigate(canList ? paths.hr.employees.list.getHref() : paths.home.getHref())
        }
        onSubmit={(values, showFieldErrors) =>
          create.mutate(
            { body: employeeBody(values, access, defaultPassword.data) },
            {
              onSuccess: (employee) => {
                showCreated({
                  title: t('employees.created.title'),
                  body: t('employees.created.body', { name: employee.name }),
                  firstPassword: usesDefaultPassword(access) ? defaultPassword.data : undefined,
                });
                navigate(paths.hr.employees.view.getHref(employee.id));
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            },
          )
        }
      />
    </PageFrame>
  );
}
