/**
 * The guest pages in React: sign-in, forgotten password and its reset link, the app's own
 * screens (app/routes/auth) in the app's providers. Once signed in, the app starts in this page
 * (startAppHere) and opens the address the person was going to (its router reads `?redirect=`,
 * app/start/router.tsx); its files have been fetched meanwhile (fetchAppAhead).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { currentLanguage, initI18n, registerDictionaries } from '@/lib/i18n';
import { nextTask } from '@/lib/own-task';
import { pb } from '@/lib/pocketbase';
import { cookieFlag } from '@/lib/session-share';
import { markSessionFresh, removeStaticSignIn } from '@/lib/static-sign-in';
import { returnPathOf } from '../guard';
import { AppProvider } from '../provider';
import LoginRoute from '../routes/auth/login';
import { fetchAppAhead, startAppHere } from './app-files';

let root: Root | null = null;
let router: ReturnType<typeof createBrowserRouter> | null = null;

/** Once signed in: the app, at the page the guest was going to or the dashboard. */
function openApp(): void {
  markSessionFresh(pb.authStore.token);
  cookieFlag.set(true);
  const next = returnPathOf(window.location.search);
  // The guest pages make way for the app, which renders into the same root and follows the
  // address with its own router; after the sign-in's own updates have run.
  setTimeout(() => {
    root?.unmount();
    router?.dispose();
    if (!startAppHere(currentLanguage(), next))
      window.location.replace(next ?? paths.home.getHref());
  });
}

/** The guest pages' frame: the early form goes once another page than the sign-in is shown. */
function GuestRoot() {
  const { pathname } = useLocation();
  if (pathname.toLowerCase().replace(/\/+$/, '') !== paths.auth.login.path) removeStaticSignIn();
  return <Outlet />;
}

/** The guest pages' routes, made as the pages start (in a task of their own). */
const createGuestRouter = () =>
  createBrowserRouter([
    {
      element: <GuestRoot />,
      children: [
        { path: paths.auth.login.path, element: <LoginRoute /> },
        {
          path: paths.auth.forgotPassword.path,
          lazy: async () => ({
            Component: (await import('../routes/auth/forgot-password')).default,
          }),
        },
        {
          path: paths.auth.confirmPasswordReset.path,
          lazy: async () => ({
            Component: (await import('../routes/auth/confirm-password-reset')).default,
          }),
        },
        { path: '*', element: <Navigate to={paths.auth.login.getHref()} replace /> },
      ],
    },
  ]);

async function start(): Promise<void> {
  // In short tasks, as the app's own start (start/main.tsx, lib/own-task.ts): this file's
  // modules (React, Mantine, the router's code, the sign-in screen) ran in the first; the texts
  // and the translator in the next; then the router, which matches the address; then React's
  // first render, as a transition (in slices).
  await nextTask();
  await registerDictionaries({
    en: async () => (await import('../areas/auth/en')).en,
    ar: async () => (await import('../areas/auth/ar')).ar,
  });
  await initI18n();
  const stop = pb.authStore.onChange((token) => {
    if (!token) return;
    // Once: from then on the session is the app's.
    stop();
    openApp();
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element.');
  await nextTask();
  const guestRouter = createGuestRouter();
  router = guestRouter;
  await nextTask();
  const guestRoot = createRoot(container);
  root = guestRoot;
  startTransition(() =>
    guestRoot.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={guestRouter} />
        </AppProvider>
      </StrictMode>,
    ),
  );
  fetchAppAhead(currentLanguage(), returnPathOf(window.location.search));
}

void start();
