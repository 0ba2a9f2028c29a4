import { useMemo } from 'react';
import { useParams } from 'react-router';
import { NO_PERMISSIONS, type AccessContext } from '@/lib/permissions';
import { useAccount } from '@/lib/session';

/** The signed-in account's permissions and the current route params, for access rules. */
export function useAccessContext(): AccessContext {
  const account = useAccount();
  const params = useParams();
  return useMemo(
    () => ({
      permissions: account?.permissions ?? NO_PERMISSIONS,
      account: account ? { id: account.id, collection: account.collection } : null,
      params,
    }),
    [account, params],
  );
}
