import { useEffect, useState } from 'react';

/**
 * For a dialog mounted open and unmounted to close (the record dialogs: `{editing && …}`): gives
 * the focus back to what had it when the dialog appeared, usually the button that opened it.
 * Mantine's dialogs do that only when their `opened` turns false, which such a dialog never
 * sees; without it the focus fell to the page's start. Not when the person has put it elsewhere
 * meanwhile, nor where the element is gone.
 */
export function useFocusBackOnUnmount(active: boolean): void {
  // Read while rendering, before the dialog's focus trap (a child's effect) moves the focus.
  const [opener] = useState(() =>
    active && typeof document !== 'undefined' ? document.activeElement : null,
  );
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement)) return;
      // After the dialog's nodes have left the page.
      setTimeout(() => {
        const now = opener.ownerDocument.activeElement;
        if (opener.isConnected && (!now || now === opener.ownerDocument.body))
          opener.focus({ preventScroll: true });
      });
    },
    [opener],
  );
}

/**
 * Whether the focus may move to the page's heading: not when the page (or a dialog) has put it
 * somewhere on purpose, e.g. a form's first field.
 */
export function shouldMoveFocus(active: Element | null): boolean {
  if (!active || active === document.body) return true;
  if (active.closest('[role="dialog"]')) return false;
  return !active.closest('main');
}

/**
 * Moves the focus to the page's heading (its `h1`, made focusable by script only), where screen
 * readers then start reading: after a route change (app/route-announcer.tsx), and where what
 * had the focus is gone (the first-password dialog, once the app has opened the new record).
 */
export function focusPageHeading(heading = document.querySelector<HTMLElement>('h1')): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  if (shouldMoveFocus(document.activeElement)) heading.focus({ preventScroll: true });
}
