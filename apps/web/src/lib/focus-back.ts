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
