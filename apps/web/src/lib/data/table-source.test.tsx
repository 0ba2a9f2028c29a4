import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { buildRoutes } from '@/app/start/router';
import { enableTablesAhead } from '@/app/table-ahead';
import { EMPLOYEES_TABLE } from '@/features/employees/table-source';
import { pb } from '@/lib/pocketbase';
import { queryClient } from '@/lib/data/query-client';
import { renderWithProviders } from '@/test/render';
import { DataTable } from '../../components/data-table/list/data-table';
import { prefetchTablePage } from './table-source';

type Row = { id: string; collectionId: string; collectionName: string; name: string };

/** The server's answers, recorded: a page with one employee. */
const requests: URL[] = [];

function answerWithOneEmployee() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input)));
      const page = {
        page: 1,
        perPage: 30,
        totalItems: 1,
        totalPages: 1,
        items: [{ id: 'e1', collectionId: 'c1', collectionName: 'employees', name: 'Amal Haddad' }],
      };
      return new Response(JSON.stringify(page), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  requests.length = 0;
  queryClient.clear();
  answerWithOneEmployee();
});

afterEach(() => {
  vi.unstubAllGlobals();
  pb.authStore.clear();
});

describe('prefetchTablePage', () => {
  it('requests the page and order the address asks for, with the source’s expand', async () => {
    prefetchTablePage(EMPLOYEES_TABLE, new URLSearchParams('page=2&sort=name'));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [url] = requests;
    expect(url.pathname).toBe('/api/collections/employees/records');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('perPage')).toBe('30');
    expect(url.searchParams.get('sort')).toBe('name');
    expect(url.searchParams.get('expand')).toBe(EMPLOYEES_TABLE.expand);
  });

  it('uses the default order when the address names none', async () => {
    prefetchTablePage(EMPLOYEES_TABLE, new URLSearchParams(''));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].searchParams.get('sort')).toBe('-created');
    expect(requests[0].searchParams.get('page')).toBe('1');
  });

  it.each(['q=amal', 'status=active', 'page=1&project=p1'])(
    'leaves an address with a search or a filter (%s) to the table',
    async (search) => {
      prefetchTablePage(EMPLOYEES_TABLE, new URLSearchParams(search));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests).toHaveLength(0);
    },
  );

  it('sends the very request the table makes: the table shows its rows without asking again', async () => {
    prefetchTablePage(EMPLOYEES_TABLE, new URLSearchParams(''));
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <DataTable<Row>
          {...EMPLOYEES_TABLE}
          caption="Employees"
          columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Amal Haddad')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

/** A fake token and an employee record whose roles grant `permissions`. */
function signInWith(permissions: string[], extra: Record<string, unknown> = {}) {
  pb.authStore.save('header.payload.signature', {
    id: 'me',
    collectionId: 'c0',
    collectionName: 'employees',
    name: 'Me',
    expand: { roles: [{ id: 'r1', permissions }] },
    ...extra,
  });
}

/** Runs the loader of the route at `path` as the router would on a navigation there. */
async function navigateTo(path: string) {
  const matches = matchRoutes(buildRoutes() as RouteObject[], path) ?? [];
  const leaf = matches[matches.length - 1]!.route;
  const loader = leaf.loader as ((args: Partial<LoaderFunctionArgs>) => unknown) | undefined;
  expect(loader).toBeTypeOf('function');
  const request = new Request(`http://localhost${path}`);
  await loader!({ request, params: matches[matches.length - 1]!.params });
}

describe('a list route sends its table’s request ahead', () => {
  beforeEach(() => enableTablesAhead(prefetchTablePage));

  it('for an account that may open the list', async () => {
    signInWith(['employees.read']);
    await navigateTo('/hr/employees?sort=name');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].pathname).toBe('/api/collections/employees/records');
    expect(requests[0].searchParams.get('sort')).toBe('name');
  });

  it('not for an account the list is closed to, nor before the password is changed', async () => {
    signInWith(['projects.read']);
    await navigateTo('/hr/employees');
    signInWith(['employees.read'], { mustChangePassword: true });
    await navigateTo('/hr/employees');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
  });
});
