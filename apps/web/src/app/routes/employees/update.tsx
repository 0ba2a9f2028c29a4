import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useEmployee } from '@/features/employees/api/get-employee';
import { useUpdateEmployee } from '@/features/employees/api/update-employee';
import { EmployeeWizard } from '@/features/employees/components/wizard/employee-wizard';
import {
  employeeBody,
  valuesFromRecord,
  type EmployeeFormAccess,
} from '@/features/employees/utils/employee-form';
import { toAppError } from '@/lib/errors';
import { useAccount, useCan } from '@/lib/session';

export default function EmployeeUpdateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  const update = useUpdateEmployee(id);
  const account = useAccount();
  const own = account?.collection === 'employees' && account.id === id;
  const canList = useCan('employees.read');
  const canManage = useCan('employees.update');
  const canSalary = useCan('employees.read_salary');
  const canAuth = useCan('employees.read_auth');
  const access = useMemo<EmployeeFormAccess>(
    () => ({ mode: 'update', canManage, canSalary, canAuth, own }),
    [canManage, canSalary, canAuth, own],
  );
  const name = employee.data?.name ?? t('pages.employee');
  const title = t('pages.employeeUpdate');

  return (
    <PageFrame
      title={title}
      description={
        employee.data && (
          <Anchor component={Link} to={paths.hr.employees.view.getHref(id)} size="sm">
            {employee.data.email
              ? `${employee.data.name} (${employee.data.email})`
              : employee.data.name}
          </Anchor>
        )
      }
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: t('pages.employees'),
          to: canList ? paths.hr.employees.list.getHref() : undefined,
        },
        { label: name, to: paths.hr.employees.view.getHref(id) },
        { label: title },
      ]}
    >
      {employee.isPending ? (
        <PageLoader />
      ) : employee.isError ? (
        <ErrorState error={employee.error} onRetry={() => void employee.refetch()} />
      ) : (
        <EmployeeWizard
          key={employee.data.id}
          access={access}
          record={employee.data}
          initialValues={valuesFromRecord(employee.data)}
          submitting={update.isPending}
          serverError={update.error ? toAppError(update.error).message : null}
          onCancel={() => navigate(paths.hr.employees.view.getHref(id))}
          onSubmit={(values, showFieldErrors) =>
            update.mutate(employeeBody(values, access), {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'green',
                  title: t('employees.updated.title'),
                  message: t('employees.updated.body', { name: saved.name }),
                });
                navigate(paths.hr.employees.view.getHref(saved.id));
              },
              onError: (error) => showFieldErrors(toAppError(error).fieldErrors),
            })
          }
        />
      )}
    </PageFrame>
  );
}
