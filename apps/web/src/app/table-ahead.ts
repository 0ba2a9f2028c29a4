import type { LoaderFunction } from 'react-router';
import type { TableSource } from '@/lib/data/table-source';
import type { AccessRule } from '@/lib/permissions';
import { getSession } from '@/lib/session';
import { accessContextOf } from './use-access-context';

type SendAhead = (table: TableSource, search: URLSearchParams) => void;

/**
 * How a table's first page is requested early. The query cache comes with the app's layout,
 * not with the router (the sign-in page does without it), so the layout's data provider hands it
 * over when it loads (app/data/data-provider.tsx). Until then (the very first screen of a visit)
 * tables fetch their data themselves, as they always can.
 */
let sendAhead: SendAhead | null = null;

export function enableTablesAhead(send: SendAhead): void {
  sendAhead = send;
}

/**
 * A route's loader that sends its table's first request ahead, in parallel with the screen's
 * code, when the account may open the screen: on a slow line the two round trips overlap
 * instead of following each other. It returns at once; the screen waits for nothing (the table
 * shows its skeleton until its data is in).
 */
export function tableAhead(table: TableSource, access: AccessRule | undefined): LoaderFunction {
  return ({ request, params }) => {
    const session = getSession();
    if (!sendAhead || session.status !== 'authenticated') return null;
    const { account } = session;
    // The forced password change comes first; nothing else is shown until it is done.
    if (account.mustChangePassword) return null;
    if (access && !access(accessContextOf(account, params))) return null;
    sendAhead(table, new URL(request.url).searchParams);
    return null;
  };
}
