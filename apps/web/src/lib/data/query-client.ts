import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorStatus } from '../errors';
import { isNetworkFailure } from '../offline/query-store';
import { startOfflineReading } from '../offline/offline-reading';
import { startOutbox } from '../offline/outbox-runtime';
import { pb } from '../pocketbase';
import { onSignOut } from '../session';

function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  // Client errors (validation, 401, 403, 404) will not heal by themselves.
  if (status !== undefined && status >= 400 && status < 500) return false;
  // With the browser offline a retry cannot help: the kept answer is shown at once instead.
  if (isNetworkFailure(error) && !navigator.onLine) return false;
  return failureCount < 2;
}

/** A 401 while signed in means the token expired or was revoked: end the session. */
function endSessionOnUnauthorized(error: unknown): void {
  if (errorStatus(error) === 401 && pb.authStore.token) pb.authStore.clear();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
  mutationCache: new MutationCache({ onError: endSessionOnUnauthorized }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});

// Another person may sign in next in this tab: nothing of this session stays cached.
onSignOut(() => queryClient.clear());

startOfflineReading(queryClient);
startOutbox(queryClient);
