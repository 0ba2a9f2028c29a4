import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createRouter } from './router';

// main.tsx imports the app on demand: the router's creation comes with it.
export { createRouter };

/** The app: its providers and the router, which main.tsx creates before the first render. */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
