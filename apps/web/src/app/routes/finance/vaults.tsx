import { VaultsScreen } from '@/features/finance/components/vaults-screen';

export default function Route() {
  return <VaultsScreen />;
}
