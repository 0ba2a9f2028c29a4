import { useMemo } from 'react';
import { useParams } from 'react-router';
import { NO_PERMISSIONS, type AccessContext } from '@/lib/permissions';
import { useAccount, type Account } from '@/lib/session';

/** What access rules are checked against: an account (or none) and a route's params. */
export function accessContextOf(
  account: Account | null,
  params: AccessContext['params'],
): AccessContext {
  return {
    permissions: account?.permissions ?? NO_PERMISSIONS,
    account: account ? { id: account.id, collection: account.collection } : null,
    params,
  };
}

/** The signed-in account's permissions and the current route params, for access rules. */
export function useAccessContext(): AccessContext {
  const account = useAccount();
  const params = useParams();
  return useMemo(() => accessContextOf(account, params), [account, params]);
}
