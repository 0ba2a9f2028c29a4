import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prefetchTablePage } from '@/lib/data/table-source';
import { queryClient } from '@/lib/data/query-client';
import { enableTablesAhead } from '../table-ahead';

// From now on, the routes of tables request their first page with the screen's code.
enableTablesAhead(prefetchTablePage);

/**
 * The query cache, provided by the screens that read records (default layout, report) so the
 * sign-in screens do not load it.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
