/**
 * A new account's first password, waiting to be shown in its dialog (first-password-dialog.tsx):
 * a dialog the person closes, not a passing message that fades or hides the page.
 */
export type FirstPassword = {
  title: string;
  body: string;
  /** The new account's name and page, linked in the dialog. */
  name?: string;
  href?: string;
  password: string;
};

let current: FirstPassword | null = null;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

export const firstPasswordStore = {
  get: (): FirstPassword | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Opens the dialog that shows a new account's first password. */
export function showFirstPassword(value: FirstPassword): void {
  current = value;
  changed();
}

/** Closes it. */
export function closeFirstPassword(): void {
  current = null;
  changed();
}
