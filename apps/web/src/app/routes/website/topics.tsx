import { TopicsScreen } from '@/features/website/components/topics-screen';

export default function Route() {
  return <TopicsScreen />;
}
