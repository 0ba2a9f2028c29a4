import { useParams } from 'react-router';
import { PayrollRunScreen } from '@/features/payroll/components/payroll-run-screen';

export default function Route() {
  const { id = '' } = useParams();
  return <PayrollRunScreen key={id} runId={id} />;
}
