import '../styles/core-styles';
import '../styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { cspNonce } from '../../lib/csp-nonce';
import { initI18n } from '../../lib/i18n';
import { afterFirstScreen } from '../../lib/first-screen';
import { nextTask } from '../../lib/own-task';
import { registerServiceWorker } from '../../lib/service-worker';
import { refreshSession, startSessionSharing } from '../../lib/session';
import { pb } from '../../lib/pocketbase';
import { sessionJustMade } from '../../lib/static-sign-in';

async function start() {
  // Modals and drawers lock scrolling with react-remove-scroll, whose style tag takes its nonce
  // from get-nonce (see lib/csp-nonce.ts).
  setNonce(cspNonce());
  // Start-up in short tasks (lib/own-task.ts), each a few milliseconds on a laptop: this file's
  // modules ran in the first; the area registry's (every screen's route, menu links and access
  // rule) run in the next, imported here (through app/start/start-texts.ts, which only this file
  // imports) rather than above so that the two run apart (from this file's own chunk:
  // START_MODULES in build/sign-in-preload.ts); then the app's modules, the
  // router and React's first render, each in a task of its own.
  await nextTask();
  const { registerSignInStrings, registerAllAreaStrings } = await import('./start-texts');
  // A tab opened from a signed-in tab takes its session before the guard first runs.
  // Only the sign-in texts before the first screen: each route loads its area's texts with its
  // code, and the app's layout every area's (app/start/router.tsx), so a visitor on a slow line does
  // not wait for the whole dictionary to see the sign-in form.
  await Promise.all([registerSignInStrings().then(() => initI18n()), startSessionSharing()]);
  // The stored session is used at once; its record and roles are refreshed in the background,
  // unless the guest page signed in a moment ago (on a slow line the request would only hold up
  // the first screen's).
  if (!sessionJustMade(pb.authStore.token)) void refreshSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element.');
  // The app's modules; then the router, which matches the address and requests the screen's
  // code and data; then React's first render.
  await nextTask();
  const [{ App }, { createRouter }] = await Promise.all([import('./app'), import('./router')]);
  await nextTask();
  const router = createRouter();
  await nextTask();
  // As a transition, React renders the app in slices of a few milliseconds and lets the browser
  // answer the person in between, instead of one long task (about 0.6 s on a slow phone).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  // Once the first screen is up: the service worker, then the rest of the app's texts and its
  // layout, fetched while the person reads or types (signing in then opens the app at once).
  afterFirstScreen(() => {
    registerServiceWorker();
    void registerAllAreaStrings();
    void import('../layouts/default-layout');
  });
}

void start();
