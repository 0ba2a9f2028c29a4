import './app/styles/core-styles';
import './app/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { cspNonce } from './lib/csp-nonce';
import { initI18n } from './lib/i18n';
import { refreshSession } from './lib/session';

async function start() {
  // Modals and drawers lock scrolling with react-remove-scroll, whose style tag takes its nonce
  // from get-nonce (see lib/csp-nonce.ts).
  setNonce(cspNonce());
  await initI18n();
  // The stored session is used at once; its record and roles are refreshed in the background.
  void refreshSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element.');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
