import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingBar } from '@/components/loading-bar/loading-bar';
import { firstScreenShown } from '@/lib/first-screen';
import { useSession, wasSignedOutOnPurpose } from '@/lib/session';
import { decideGuard, returnPathOf } from './guard';
import { RouteAnnouncer } from './route-announcer';

const ForcedPasswordChange = lazy(() =>
  import('@/features/auth/components/forced-password-change').then((m) => ({
    default: m.ForcedPasswordChange,
  })),
);

function FullPageLoader() {
  return (
    <Center mih="100dvh">
      <Loader />
    </Center>
  );
}

/**
 * The root route: the navigation loading bar and the guard deciding, for every
 * location, between the page, a redirect, and the forced password change.
 */
export function Root() {
  const navigation = useNavigation();
  const location = useLocation();
  const session = useSession();
  const authenticated = session.status === 'authenticated';
  const decision = decideGuard({
    pathname: location.pathname,
    authenticated,
    mustChangePassword: authenticated && session.account.mustChangePassword,
    from: returnPathOf(location.search),
    // A visitor sent to login comes back here afterwards, unless they logged out themselves.
    here: wasSignedOutOnPurpose() ? null : `${location.pathname}${location.search}${location.hash}`,
  });

  let content;
  if (decision.kind === 'redirect') {
    content = <Navigate to={decision.to} replace />;
  } else if (decision.kind === 'change-password') {
    content = (
      <Suspense fallback={<FullPageLoader />}>
        <ForcedPasswordChange />
      </Suspense>
    );
  } else {
    content = <Outlet />;
  }
  // A screen is up: the page asked for, or the forced password change (which the early sign-in
  // form leads to directly, for an account on the default password).
  const showing = decision.kind !== 'redirect' && navigation.state === 'idle';
  useEffect(() => {
    if (showing) firstScreenShown();
  }, [showing]);

  return (
    <>
      <LoadingBar active={navigation.state !== 'idle'} />
      <RouteAnnouncer />
      {content}
    </>
  );
}

/** Shown while the first route modules load. */
export function RootFallback() {
  return <FullPageLoader />;
}
