import { SalaryReportScreen } from '@/features/payroll/components/salary-report-screen';

export default function Route() {
  return <SalaryReportScreen />;
}
