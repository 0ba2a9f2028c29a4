/**
 * The script the build writes into `guest.html` itself (build/guest-first-bytes.ts): it runs
 * as the page is read, so the sign-in form shows with the page's own bytes.
 */
import { startGuestPage } from './show';

startGuestPage();
