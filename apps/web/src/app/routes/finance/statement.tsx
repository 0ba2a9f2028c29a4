import { useParams } from 'react-router';
import { StatementScreen } from '@/features/finance/components/statement-screen';

export default function Route() {
  const { id = '' } = useParams();
  return <StatementScreen key={id} vaultId={id} />;
}
