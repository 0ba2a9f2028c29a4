import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSlicedQuery } from '@/lib/sliced-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OfflineBanner } from './offline-banner';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** A screen reading one record query, and the banner over it. */
function Screen({ queryKey }: { queryKey: string[] }) {
  useSlicedQuery({ queryKey, queryFn: () => new Promise(() => {}), networkMode: 'always' });
  return <OfflineBanner />;
}

function renderWith(client: QueryClient, queryKey: string[]) {
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <Screen queryKey={queryKey} />
    </QueryClientProvider>,
  );
}

describe('OfflineBanner', () => {
  afterEach(() => setOnline(true));

  it('says nothing online', () => {
    const client = new QueryClient();
    client.setQueryData(['records', 'roles', 'list'], { items: [] });
    renderWith(client, ['records', 'roles', 'list']);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('offline, gives the time of what the screen shows', async () => {
    const client = new QueryClient();
    client.setQueryData(
      ['records', 'roles', 'list'],
      { items: [] },
      {
        updatedAt: new Date(2026, 10, 28, 9, 5).getTime(),
      },
    );
    renderWith(client, ['records', 'roles', 'list']);
    act(() => setOnline(false));
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toBe(
        'Offline: shown as of 11/28/2026 - 09:05',
      ),
    );
    // Back online, it goes.
    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });

  it('offline, says a screen with nothing kept cannot be shown whole', async () => {
    const client = new QueryClient();
    renderWith(client, ['records', 'members', 'list']);
    act(() => setOnline(false));
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toContain(
        'this screen was not opened with a connection on this device',
      ),
    );
  });
});
