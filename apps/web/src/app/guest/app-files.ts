/**
 * The app's files, fetched ahead from the guest page while the person types, so that the app
 * opens at once after signing in. The build lists them in the page as JSON
 * (`<script type="application/json" id="app-files">`, build/sign-in-preload.ts): the main file
 * and its imports, the layout's, each screen's by address, and every area's texts by language.
 */
import type { Language } from '@/lib/i18n';
import { safeReturnPath } from '../guard';

type AppFiles = {
  start: string[];
  groups: Record<string, Array<{ href: string }>>;
};

export function appFiles(): AppFiles | null {
  try {
    const json = document.getElementById('app-files')?.textContent;
    return json ? (JSON.parse(json) as AppFiles) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the page holds the stylesheet `href` already: linked, or written into the page with a
 * disabled link naming its file (build/guest-first-bytes.ts).
 */
function inPage(href: string): boolean {
  return [...document.querySelectorAll('link[rel="stylesheet"]')].some(
    (link) => link.getAttribute('href') === href,
  );
}

/**
 * The files the app needs first at `next` (the dashboard when none), in `language`: the main
 * file and its imports, the layout, that screen's and the texts; less the stylesheets the page
 * holds already.
 */
export function appFilesFor(files: AppFiles, language: Language, next: string | null): string[] {
  const path = new URL(safeReturnPath(next) ?? '/', 'http://back-office.invalid').pathname;
  const links = [files.groups['*'], files.groups[path], files.groups[`texts-${language}`]];
  return [
    ...files.start,
    ...links.flatMap((group) => (group ?? []).map((link) => link.href)),
  ].filter((href) => !(href.endsWith('.css') && inPage(href)));
}

/**
 * Adds them as prefetches once the page has loaded (its load event waits for the form's code):
 * fetched into the browser's cache at the lowest priority, not run. On a slow line the person's
 * sign-in request must not wait behind some seventy files (it did, for 3 s on 3G), and a module
 * preload would compile them on this page's main thread while the person types (up to 0.7 s on
 * a slow phone). Not later: waiting for an idle moment as well left the line unused for 0.7 s
 * while React rendered the form, and "Log In" pressed after 5 s of typing then waited for the
 * files' tail (bench/README.md, "one sign-in").
 */
export function fetchAppAhead(language: Language, next: string | null): void {
  const add = () => {
    const files = appFiles();
    if (!files) return;
    for (const href of appFilesFor(files, language, next)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
      link.setAttribute('fetchpriority', 'low');
      document.head.appendChild(link);
    }
  };
  if (document.readyState === 'complete') add();
  else window.addEventListener('load', add, { once: true });
}

/**
 * Starts the signed-in app in this page, once signed in: its entry (the first of `start`) as a
 * module script, with its stylesheets and the links of the layout, the next screen and the texts
 * as module preloads, so that what has not arrived yet is asked for at once. The modules this
 * page already ran (React, Mantine, the API client with its session, the translator) are the same
 * files, so the app takes them as they are: no page to load, nothing compiled twice. Returns
 * false where the page lists no app (the browser then opens it: `location`).
 */
export function startAppHere(language: Language, next: string | null): boolean {
  const files = appFiles();
  const entry = files?.start.find((href) => href.endsWith('.js'));
  if (!files || !entry) return false;
  for (const href of appFilesFor(files, language, next)) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'stylesheet';
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
    }
    link.href = href;
    document.head.appendChild(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = 'anonymous';
  script.src = entry;
  document.head.appendChild(script);
  return true;
}
