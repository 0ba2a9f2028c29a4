import { SalarySettingsScreen } from '@/features/payroll/components/salary-settings-screen';

export default function Route() {
  return <SalarySettingsScreen />;
}
