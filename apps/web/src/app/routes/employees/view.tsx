import { employees as employeesCollection } from '@app/schema';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { RecordActions } from '@/components/resource/record-page';
import { ErrorState } from '@/components/page/error-state';
import { PageFrame } from '@/components/page/page-frame';
import { PageLoader } from '@/components/page/page-loader';
import { paths } from '@/config/paths';
import { useEmployee } from '@/features/employees/api/get-employee';
import { EmployeeProfile } from '@/features/employees/components/profile/employee-profile';
import { screenAccess } from '@/lib/permissions';
import { useAccount, useCan } from '@/lib/session';
import { useAccessContext } from '../../use-access-context';

export default function EmployeeViewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  const ctx = useAccessContext();
  const account = useAccount();
  const own = account?.collection === 'employees' && account.id === id;
  const canList = useCan('employees.read');
  const canSalary = useCan('employees.read_salary');
  const canAuth = useCan('employees.read_auth');
  const canUpdate = useCan('employees.update');
  const canRemove = useCan('employees.remove');
  const title = employee.data?.name || t('pages.employee');

  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: t('pages.employees'),
          to: canList ? paths.hr.employees.list.getHref() : undefined,
        },
        { label: title },
      ]}
      actions={
        <RecordActions
          history={{ collection: 'employees', record: id }}
          updateHref={
            screenAccess(employeesCollection, 'update')(ctx)
              ? paths.hr.employees.update.getHref(id)
              : undefined
          }
        />
      }
    >
      {employee.isPending ? (
        <PageLoader />
      ) : employee.isError ? (
        <ErrorState error={employee.error} onRetry={() => void employee.refetch()} />
      ) : (
        <EmployeeProfile
          employee={employee.data}
          access={{
            own,
            salary: canSalary || own,
            auth: canAuth || own,
            manageTasks: canUpdate || own,
            remove: canRemove && !own,
          }}
          onDeleted={() =>
            navigate(canList ? paths.hr.employees.list.getHref() : paths.home.getHref())
          }
        />
      )}
    </PageFrame>
  );
}
