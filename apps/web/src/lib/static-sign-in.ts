/**
 * The sign-in form of `index.html` (public/sign-in-early.js), which signs in by itself. Where it
 * cannot hand a session over (the browser refuses session storage), the app loads at once and
 * takes it over: what was typed, whether the password was shown, where the focus was, and
 * whether "Log In" was pressed.
 */
export type HeldSignIn = {
  identity: string;
  password: string;
  /** "Log In" was pressed with both fields filled. */
  submitted: boolean;
  /** The password was shown in clear (the eye button). */
  passwordVisible: boolean;
  /** The field or button that had the focus, if one did. */
  focused: 'identity' | 'password' | 'toggle' | null;
  /**
   * The password was right and the account must prove a second factor: the early form hands
   * the server's `mfaId` over, and the app's form takes the second step.
   */
  mfaId?: string;
};

const HOLD_ID = 'sign-in-static';
const MARK = 'data-static-sign-in';

/**
 * True when index.html's early form has just signed in by itself (public/sign-in-early.js): the
 * session it kept holds the account and roles as the server gave them a moment ago.
 */
export function signedInByEarlyForm(): boolean {
  if (typeof document === 'undefined') return false;
  return document.getElementById(HOLD_ID)?.hasAttribute('data-signed-in') ?? false;
}

/** Removes the early form: the app's first screen is up, whichever it is. */
export function removeStaticSignIn(): void {
  document.getElementById(HOLD_ID)?.remove();
  document.documentElement.removeAttribute(MARK);
}

/** Removes the early form (the app's sign-in form is up) and says what it held, if it was shown. */
export function takeOverStaticSignIn(): HeldSignIn | null {
  if (typeof document === 'undefined') return null;
  const hold = document.getElementById(HOLD_ID);
  document.documentElement.removeAttribute(MARK);
  if (!hold) return null;
  const identity = hold.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  const password = hold.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
  // Recorded by the early script: by now the app's form may have taken the focus (autofocus).
  const focused = hold.getAttribute('data-focused');
  const held: HeldSignIn = {
    identity: identity?.value ?? '',
    password: password?.value ?? '',
    submitted: hold.hasAttribute('data-submitted'),
    passwordVisible: password?.type === 'text',
    focused:
      focused === 'identity' || focused === 'password' || focused === 'toggle' ? focused : null,
    mfaId: hold.getAttribute('data-mfa-id') || undefined,
  };
  const wasShown = !hold.hidden;
  hold.remove();
  return wasShown ? held : null;
}
