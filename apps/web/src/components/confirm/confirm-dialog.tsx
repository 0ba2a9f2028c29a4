import { onDemand } from '@/lib/on-demand';
import type { ConfirmDialogProps } from './confirm-dialog-open';

export type { ConfirmDialogProps };

// Mantine's modal, its focus trap and its scroll lock (about 8 KB gzip) come with the first
// confirmation a page opens, not with every page that has a "Remove" button.
const OpenConfirmDialog = onDemand(() => import('./confirm-dialog-open'), {
  closed: { opened: false },
});

/** Asks before a destructive or important action. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <OpenConfirmDialog {...props} when={props.opened} />;
}
