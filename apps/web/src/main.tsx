import './app/styles/core-styles';
import './app/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { registerAreaStrings } from './app/areas';
import { cspNonce } from './lib/csp-nonce';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { refreshSession, startSessionSharing } from './lib/session';

async function start() {
  // Modals and drawers lock scrolling with react-remove-scroll, whose style tag takes its nonce
  // from get-nonce (see lib/csp-nonce.ts).
  setNonce(cspNonce());
  // A tab opened from a signed-in tab takes its session before the guard first runs.
  await Promise.all([registerAreaStrings().then(() => initI18n()), startSessionSharing()]);
  // The stored session is used at once; its record and roles are refreshed in the background.
  void refreshSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element.');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();
