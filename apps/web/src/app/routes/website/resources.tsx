import { ResourcesScreen } from '@/features/website/components/resources-screen';

export default function Route() {
  return <ResourcesScreen />;
}
