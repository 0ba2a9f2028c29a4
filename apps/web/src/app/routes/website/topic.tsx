import { TopicScreen } from '@/features/website/components/topic-screen';

export default function Route() {
  return <TopicScreen />;
}
