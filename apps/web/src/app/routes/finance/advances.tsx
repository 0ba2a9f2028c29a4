import { AdvancesScreen } from '@/features/finance/components/advances-screen';

export default function Route() {
  return <AdvancesScreen />;
}
