import { EmployeesListPage } from '@/features/employees/components/employees-table';

export default EmployeesListPage;
