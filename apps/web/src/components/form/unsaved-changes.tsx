import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '@/components/confirm/confirm-dialog';

export type UnsavedChangesGuard = {
  /** Lets the next navigation through: call it before a deliberate Cancel or Save. */
  release: () => void;
  /** `fn` as a deliberate step that leaves the form (Cancel): released, then run. */
  deliberately: (fn: () => void) => () => void;
  /** Arms the guard again (the save failed and the user stays on the form). */
  rearm: () => void;
  /** The Stay / Leave dialog; render it once inside the form. */
  dialog: ReactNode;
};

/**
 * Asks before leaving a form with unsaved changes: in-app navigation opens a Stay / Leave
 * dialog (`useBlocker`, which needs the app's data router), closing or reloading the tab gets
 * the browser's own prompt (`beforeunload`). Saving and cancelling call `release()` first so
 * they do not ask; when a save ends (`submitting` back to false) with the form still shown, it
 * failed, and the guard is armed again.
 */
export function useUnsavedChanges(dirty: boolean, submitting = false): UnsavedChangesGuard {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);

  // A stable function reading refs: the router asks it at the moment of navigation, so a
  // save's `navigate()` in its success callback sees `released` even before React re-renders.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      // Tabs and filters in the query string stay on the same form.
      currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  const wasSubmitting = useRef(submitting);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) released.current = false;
    wasSubmitting.current = submitting;
  }, [submitting]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  const rearm = useCallback(() => {
    released.current = false;
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('form.unsaved.title')}
      message={t('form.unsaved.message')}
      cancelLabel={t('form.unsaved.stay')}
      // Enter right after the dialog opens keeps the work.
      focus="cancel"
      confirmLabel={t('form.unsaved.leave')}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
  const deliberately = (fn: () => void) => () => {
    release();
    fn();
  };
  return { release, deliberately, rearm, dialog };
}

/** A dialog's guard: the page form's, and `close` for the ways out other than Cancel. */
export type UnsavedDialogGuard = UnsavedChangesGuard & {
  /** The dialog's ×, Escape or a click beside it: asks Stay / Discard when there are changes. */
  close: () => void;
};

/**
 * The unsaved-changes guard of a form in a dialog: what a page form's does (navigation and
 * closing the tab ask), and closing the dialog with changes by its ×, Escape or a click beside
 * it asks first whether to stay or discard them. Cancel, as on a page, discards deliberately.
 */
export function useUnsavedDialog(
  dirty: boolean,
  submitting: boolean,
  onClose: () => void,
): UnsavedDialogGuard {
  const { t } = useTranslation();
  const page = useUnsavedChanges(dirty, submitting);
  const [asking, setAsking] = useState(false);
  const close = () => {
    // Escape reaches both dialogs: the one asking already takes it as Stay.
    if (submitting || asking) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  const dialog = (
    <>
      {page.dialog}
      <ConfirmDialog
        opened={asking}
        title={t('form.unsaved.closeTitle')}
        message={t('form.unsaved.closeMessage')}
        cancelLabel={t('form.unsaved.stay')}
        focus="cancel"
        confirmLabel={t('form.unsaved.discard')}
        onCancel={() => setAsking(false)}
        onConfirm={page.deliberately(() => {
          setAsking(false);
          onClose();
        })}
      />
    </>
  );
  return { ...page, close, dialog };
}
