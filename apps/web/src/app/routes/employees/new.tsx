import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { paths } from '@/config/paths';
import { useCreateEmployee } from '@/features/employees/api/create-employee';
import { EmployeeWizard } from '@/features/employees/components/wizard/employee-wizard';
import {
  EMPTY_EMPLOYEE,
  employeeBody,
  type EmployeeFormAccess,
} from '@/features/employees/utils/employee-form';
import { toAppError } from '@/lib/errors';
import { useCan } from '@/lib/session';

export default function EmployeeNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  const canList = useCan('employees.read');
  const canSalary = useCan('employees.read_salary');
  const canAuth = useCan('employees.read_auth');
  const access = useMemo<EmployeeFormAccess>(
    () => ({ mode: 'create', canManage: true, canSalary, canAuth, own: false }),
    [canSalary, canAuth],
  );

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
        submitting={create.isPending}
        serverError={create.error ? toAppError(create.error).message : null}
        onCancel={() =>
          navigate(canList ? paths.hr.employees.list.getHref() : paths.home.getHref())
        }
        onSubmit={(values, showFieldErrors) =>
          create.mutate(employeeBody(values, access), {
            onSuccess: (employee) => {
              notifications.show({
                color: 'green',
                title: t('employees.created.title'),
                message: t('employees.created.body', { name: employee.name }),
              });
              navigate(paths.hr.employees.view.getHref(employee.id));
            },
            onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
          })
        }
      />
    </PageFrame>
  );
}
