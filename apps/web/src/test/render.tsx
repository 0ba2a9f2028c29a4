import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '@/lib/theme';

/** What the test renders; the router's one route shows it (so `rerender` keeps working). */
const Content = createContext<ReactNode>(null);

function ContentRoute() {
  return <>{useContext(Content)}</>;
}

/**
 * Renders inside the app's theme and a data router like the app's (links work, and so do
 * hooks that need a data router such as the unsaved-change guard's `useBlocker`).
 * `/elsewhere` is a second page, for tests that navigate away.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    const [router] = useState(() =>
      createMemoryRouter(
        [
          { path: '/elsewhere', element: <p>Elsewhere</p> },
          { path: '*', Component: ContentRoute },
        ],
        { initialEntries: [route] },
      ),
    );
    return (
      <MantineProvider theme={theme}>
        <Content.Provider value={children}>
          <RouterProvider router={router} />
        </Content.Provider>
      </MantineProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
