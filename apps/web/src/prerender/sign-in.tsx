/**
 * The sign-in page rendered to HTML at build time (build/prerender-sign-in.ts), in each
 * language. `guest.html` carries it so that a visitor on a slow line sees, and fills in, the
 * form with the page itself (lib/static-sign-in.ts). The same components as the live page, so
 * the two match.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { registerAreaStrings } from '@/app/areas';
import { authArea } from '@/app/areas/auth';
import { AppProvider } from '@/app/provider';
import LoginRoute from '@/app/routes/auth/login';
import { initI18n, type Language } from '@/lib/i18n';
import { paths } from '@/config/paths';

/** The server replaces it with each answer's nonce (the page's style tags need one). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export async function renderSignIn(language: Language): Promise<string> {
  await registerAreaStrings([authArea]);
  await initI18n(language);
  return renderToString(
    <AppProvider styleNonce={() => NONCE_PLACEHOLDER}>
      <MemoryRouter initialEntries={[paths.auth.login.getHref()]}>
        <LoginRoute />
      </MemoryRouter>
    </AppProvider>,
  );
}
