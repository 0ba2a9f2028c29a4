import { notificationsStore } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { firstPasswordStore } from '@/components/resource/first-password';
import { onDemand } from '@/lib/on-demand';

const Container = onDemand(() => import('./passing-messages-container'));
const FirstPasswordDialog = onDemand(() => import('@/components/resource/first-password-dialog'));

function anyMessage(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/**
 * Screens show passing messages with Mantine's `notifications.show`, which only puts them in a
 * store. The container that shows them, its transitions and its styles are fetched when the store
 * first holds one; the message then shows as it would have.
 */
export function PassingMessages() {
  const waiting = useSyncExternalStore(notificationsStore.subscribe, anyMessage);
  // A new account's first password: a dialog the person closes, fetched the first time one shows.
  const password = useSyncExternalStore(
    firstPasswordStore.subscribe,
    () => firstPasswordStore.get() !== null,
  );
  return (
    <>
      <Container when={waiting} />
      <FirstPasswordDialog when={password} />
    </>
  );
}
