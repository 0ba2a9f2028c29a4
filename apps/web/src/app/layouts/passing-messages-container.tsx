import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where the passing messages ("Saved", "Could not delete") show, top right. Loaded with the first
 * message (passing-messages.tsx).
 */
export default function PassingMessagesContainer() {
  return <Notifications position="top-right" zIndex={1000} />;
}
