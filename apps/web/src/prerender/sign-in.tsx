/**
 * The sign-in page rendered to HTML at build time (build/prerender-sign-in.ts), in each
 * language, with the messages its early script shows. `index.html` carries it so that a visitor
 * on a slow line sees the form with the page itself, and signs in without the app
 * (public/sign-in-early.js). The same components as the live page, so the two match.
 */
import { Button, Input } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { registerAreaStrings } from '@/app/areas';
import { authArea } from '@/app/areas/auth';
import { AppProvider } from '@/app/provider';
import LoginRoute from '@/app/routes/auth/login';
import { SignInAlert } from '@/features/auth/components/login-form';
import { initI18n, type Language } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n/use-translation';
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
      <SignInMessages />
    </AppProvider>,
  );
}

/**
 * What the early form shows as it signs in by itself (public/sign-in-early.js), made of the live
 * form's components so that it looks the same: the failure alerts, the empty fields' messages
 * and the button's loader. In an inert template, which the early script copies from.
 */
function SignInMessages() {
  const { t } = useTranslation();
  return (
    <template data-sign-in-messages="">
      <div data-message="failed">
        <SignInAlert reason="failed" />
      </div>
      <div data-message="inactive">
        <SignInAlert reason="inactive" />
      </div>
      <Input.Error size="md" data-message="username">
        {t('auth.login.identityRequired')}
      </Input.Error>
      <Input.Error size="md" data-message="current-password">
        {t('auth.login.passwordRequired')}
      </Input.Error>
      <Button size="lg" loading data-message="busy">
        {t('auth.login.submit')}
      </Button>
    </template>
  );
}
