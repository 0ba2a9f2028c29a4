import { GrantsScreen } from '@/features/finance/components/grants-screen';

export default function Route() {
  return <GrantsScreen />;
}
