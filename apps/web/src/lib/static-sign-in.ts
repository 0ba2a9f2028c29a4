/**
 * The sign-in form that comes with the guest page (`guest.html`, a second entry of the web
 * build: src/app/guest/). The build renders it from the live page's components, in English and
 * Arabic, as two templates in `#sign-in-static` (build/prerender-sign-in.ts). `holdStaticSignIn`,
 * run by the page's inline script as the page is read (app/guest/early/show.ts, before any file
 * of the app arrives), shows the one in the visitor's language: the person can type, switch
 * language and press "Log In" at once. The React form then takes it over
 * (`takeOverStaticSignIn`, in LoginForm): what was typed, whether the password was shown, where
 * the focus was, and the press of "Log In", which it then signs in with (the app's one
 * `signIn`, features/auth/api/sign-in.ts).
 */
import { LANGUAGE_STORAGE_KEY } from '@/config/constants';

export type HeldSignIn = {
  identity: string;
  password: string;
  /** "Log In" was pressed with both fields filled. */
  submitted: boolean;
  /** The password was shown in clear (the eye button). */
  passwordVisible: boolean;
  /** The field or button that had the focus, if one did. */
  focused: 'identity' | 'password' | 'toggle' | null;
  /** The language the form was shown in last (the person may have switched it meanwhile). */
  language: 'en' | 'ar';
};

const HOLD_ID = 'sign-in-static';
const MARK = 'data-static-sign-in';
const IDENTITY = 'input[autocomplete="username"]';
const PASSWORD = 'input[autocomplete="current-password"]';
const TOGGLE = '.mantine-PasswordInput-visibilityToggle';

/** As lib/i18n reads it: that module brings the API client, which this first file does without. */
export function storedLanguage(): 'en' | 'ar' {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

/**
 * Focuses `field` once the form has been painted, unless the person has put the focus
 * elsewhere meanwhile. At once, the focus would make the browser lay the new form out inside
 * this task, which on a slow phone then blocks the page for longer (bench/README.md, "one
 * sign-in, shorter tasks"); after the paint the layout is done and the focus costs nothing.
 */
function focusSoon(field: HTMLElement | null): void {
  if (!field) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!field.isConnected) return;
      // The field's own document: the page may be gone by now (a test's, torn down).
      const page = field.ownerDocument;
      const active = page.activeElement;
      if (!active || active === page.body) field.focus();
    }),
  );
}

/**
 * Shows the prerendered form in the visitor's language and keeps what happens in it until the
 * React form takes it over: the field that has the focus, a language switch (the other
 * template, with what was typed), the eye button, and "Log In" (held, not sent: the browser's
 * own submission would reload the page). Does nothing where the page has no such form.
 */
export function holdStaticSignIn(): void {
  const hold = document.getElementById(HOLD_ID);
  if (!hold) return;
  const html = document.documentElement;
  let shown: HTMLElement | null = null;
  const input = (selector: string) => shown?.querySelector<HTMLInputElement>(selector) ?? null;

  const show = (language: 'en' | 'ar') => {
    const template = document.getElementById(`sign-in-${language}`);
    if (!(template instanceof HTMLTemplateElement)) return;
    const typed = { identity: input(IDENTITY)?.value, password: input(PASSWORD)?.value };
    shown?.remove();
    shown = document.createElement('div');
    shown.appendChild(template.content.cloneNode(true));
    hold.appendChild(shown);
    hold.setAttribute('data-language', language);
    html.lang = language;
    html.dir = language === 'ar' ? 'rtl' : 'ltr';
    const [identity, password] = [input(IDENTITY), input(PASSWORD)];
    if (identity && typed.identity) identity.value = typed.identity;
    if (password && typed.password) password.value = typed.password;
    focusSoon(identity?.value ? password : identity);
  };

  html.setAttribute(MARK, '');
  // Mantine's colours hang on this attribute, which the app sets when it starts (always light).
  html.setAttribute('data-mantine-color-scheme', 'light');
  hold.hidden = false;
  show(storedLanguage());

  // The React form, which takes the focus as it appears, gives it back to this field.
  hold.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement;
    const name = target.getAttribute('autocomplete');
    const focused =
      name === 'username'
        ? 'identity'
        : name === 'current-password'
          ? 'password'
          : target.closest(TOGGLE)
            ? 'toggle'
            : '';
    hold.setAttribute('data-focused', focused);
  });
  hold.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.type !== 'radio' || (target.value !== 'en' && target.value !== 'ar')) return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, target.value);
    } catch {
      // Not remembered; still shown.
    }
    show(target.value);
  });
  hold.addEventListener('click', (event) => {
    const toggle = (event.target as HTMLElement).closest(TOGGLE);
    const password = input(PASSWORD);
    if (!toggle || !password) return;
    const visible = password.type === 'password';
    password.type = visible ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(visible));
  });
  hold.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input(IDENTITY)?.value.trim() || !input(PASSWORD)?.value) return;
    hold.setAttribute('data-submitted', '');
    // Busy until the React form, which then signs in, replaces it.
    const button = shown?.querySelector('button[type="submit"]');
    button?.setAttribute('aria-busy', 'true');
    button?.setAttribute('data-disabled', 'true');
  });
}

/** Removes the early form: the first screen is up, whichever it is. */
export function removeStaticSignIn(): void {
  document.getElementById(HOLD_ID)?.remove();
  document.documentElement.removeAttribute(MARK);
}

/** Removes the early form (the React form is up) and says what it held, if it was shown. */
export function takeOverStaticSignIn(): HeldSignIn | null {
  if (typeof document === 'undefined') return null;
  const hold = document.getElementById(HOLD_ID);
  document.documentElement.removeAttribute(MARK);
  if (!hold) return null;
  const identity = hold.querySelector<HTMLInputElement>(IDENTITY);
  const password = hold.querySelector<HTMLInputElement>(PASSWORD);
  // Recorded by holdStaticSignIn: by now the React form may have taken the focus (autofocus).
  const focused = hold.getAttribute('data-focused');
  const held: HeldSignIn = {
    identity: identity?.value ?? '',
    password: password?.value ?? '',
    submitted: hold.hasAttribute('data-submitted'),
    passwordVisible: password?.type === 'text',
    focused:
      focused === 'identity' || focused === 'password' || focused === 'toggle' ? focused : null,
    language: hold.getAttribute('data-language') === 'ar' ? 'ar' : 'en',
  };
  const wasShown = !hold.hidden;
  hold.remove();
  return wasShown ? held : null;
}

/** sessionStorage: the token the guest page signed in with a moment before opening the app. */
const FRESH_SESSION_KEY = 'back-office-fresh-session';

/** Says to the app, opened next in this tab, that this session was made a moment ago. */
export function markSessionFresh(token: string): void {
  try {
    window.sessionStorage.setItem(FRESH_SESSION_KEY, token);
  } catch {
    // The app then refreshes the session, as after a reload.
  }
}

/**
 * True once, when the guest page signed in with `token` just before the app opened: the
 * session holds the account and roles as the server gave them a moment ago, so the app does not
 * ask for them again (on a slow line that request would hold up the first screen's). A reload
 * refreshes it, as always.
 */
export function sessionJustMade(token: string): boolean {
  try {
    const fresh = window.sessionStorage.getItem(FRESH_SESSION_KEY);
    window.sessionStorage.removeItem(FRESH_SESSION_KEY);
    return fresh !== null && fresh === token;
  } catch {
    return false;
  }
}
