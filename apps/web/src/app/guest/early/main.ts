/**
 * The guest pages' entry (`guest.html`, the web build's second entry; the signed-in app is
 * `index.html` and src/app/start/main.tsx). The server sends this page to a browser where no tab
 * is signed in, at any address. The page itself has already shown the sign-in form (./show.ts,
 * inlined by the build); this file fetches React and the form's code (../start), which take
 * the form over: the app's own components and its one `signIn` (features/auth/api/sign-in.ts).
 */
import '../../styles/core-styles';
import '../../styles/global.css';
import { storedLanguage } from '@/lib/static-sign-in';
import { startGuestPage } from './show';

// With the form's code, the sign-in screen's texts in the stored language, rather than once
// ./start has run and registers them: a round trip less, which also held back the page's load
// event, and with it the app's files (fetchAppAhead).
if (startGuestPage()) {
  void import('../start');
  if (storedLanguage() === 'ar') {
    void import('@/lib/texts/ar');
    void import('../../areas/auth/ar');
  } else void import('../../areas/auth/en');
}
