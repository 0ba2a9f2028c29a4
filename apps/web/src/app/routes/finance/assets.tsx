import { AssetsScreen } from '@/features/finance/components/assets-screen';

export default function Route() {
  return <AssetsScreen />;
}
