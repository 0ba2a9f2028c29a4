import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '../provider';
import type { createRouter } from './router';

/** The app: its providers and the router, which main.tsx creates before the first render. */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
