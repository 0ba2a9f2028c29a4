import { MantineProvider, Title } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '@/lib/theme';
import { shouldMoveFocus } from '@/lib/focus-back';
import { RouteAnnouncer } from './route-announcer';

/** A page whose heading appears after its "data" has loaded. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <Title order={1}>Members</Title>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      load
    </button>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        // Like the app: the navigation outside the main content.
        element: (
          <>
            <RouteAnnouncer />
            <nav>
              <Link to="/members">Members link</Link>
              <Link to="/form">Form link</Link>
              <Link to="/?page=2">Next page</Link>
            </nav>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: <Title order={1}>Dashboard</Title> },
          { path: '/members', element: <SlowPage /> },
          {
            path: '/form',
            element: (
              <>
                <Title order={1}>New member</Title>
                <input aria-label="Name" autoFocus />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const status = () => screen.getByTestId('route-announcer');

describe('shouldMoveFocus', () => {
  it('moves focus unless the page put it inside its content or a dialog', () => {
    document.body.innerHTML =
      '<nav><a href="/x" id="nav">x</a></nav><main><input id="field"></main>' +
      '<div role="dialog"><button id="dialog">ok</button></div>';
    expect(shouldMoveFocus(null)).toBe(true);
    expect(shouldMoveFocus(document.body)).toBe(true);
    expect(shouldMoveFocus(document.getElementById('nav'))).toBe(true);
    expect(shouldMoveFocus(document.getElementById('field'))).toBe(false);
    expect(shouldMoveFocus(document.getElementById('dialog'))).toBe(false);
    document.body.innerHTML = '';
  });
});

describe('RouteAnnouncer', () => {
  it('leaves the first load alone', () => {
    setup();
    expect(document.body).toHaveFocus();
    expect(status()).toHaveTextContent('');
    expect(status()).toHaveAttribute('aria-live', 'polite');
  });

  it('after a route change, focuses the new h1 once it appears and announces it', async () => {
    const router = setup();
    screen.getByRole('link', { name: 'Members link' }).focus();
    await act(() => router.navigate('/members'));
    // The heading is not there yet: focus stays put, nothing announced.
    expect(status()).toHaveTextContent('');
    act(() => screen.getByRole('button', { name: 'load' }).click());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Members' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(status()).toHaveTextContent('Members');
  });

  it('does not take focus from a field the new page focused itself', async () => {
    const router = setup();
    await act(() => router.navigate('/form'));
    await waitFor(() => expect(status()).toHaveTextContent('New member'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('ignores a change of the query string alone', async () => {
    const router = setup();
    const link = screen.getByRole('link', { name: 'Next page' });
    link.focus();
    await act(() => router.navigate('/?page=2'));
    expect(link).toHaveFocus();
    expect(status()).toHaveTextContent('');
  });
});
