import { PayrollScreen } from '@/features/payroll/components/payroll-screen';

export default function Route() {
  return <PayrollScreen />;
}
