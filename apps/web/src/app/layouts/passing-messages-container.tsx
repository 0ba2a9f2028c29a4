import '@mantine/notifications/styles.css';
import { em, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { NAV_DRAWER_MAX_WIDTH } from './nav-breakpoint';

/**
 * Where the passing messages ("Saved", "Could not delete") show: at the bottom, where they cover
 * neither the top bar (user menu, notifications) nor a page's header and its actions; in the
 * corner at the end of the line (bottom right, bottom left in Arabic), across the bottom on a
 * phone. Loaded with the first message (passing-messages.tsx).
 */
export default function PassingMessagesContainer() {
  const { dir } = useDirection();
  const phone = useMediaQuery(`(max-width: ${em(NAV_DRAWER_MAX_WIDTH)})`);
  const position = phone ? 'bottom-center' : dir === 'rtl' ? 'bottom-left' : 'bottom-right';
  return <Notifications position={position} zIndex={1000} />;
}
