import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getSession } from '@/lib/session';
import { AREAS, registerAreaStrings, type AreaModule, type AreaRoute } from '../areas';
import { decideGuard, returnPathOf } from '../guard';
import { Root, RootFallback } from '../root';
import type { RouteHandle } from '../route-handle';
import { RouteError } from '../routes/route-error';
import { tableAhead } from '../table-ahead';

type Module = { default: ComponentType };

/**
 * A lazy route module: its default export becomes the route's component (its own chunk). The
 * texts of `areas` are loaded with it (in parallel), so a screen never renders before its words:
 * the sign-in page loads the sign-in texts only, the app's layout every area's (its menu names
 * them all).
 */
function page(load: () => Promise<Module>, areas: readonly AreaModule[] = []): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), registerAreaStrings(areas)]);
    return { Component: module.default };
  };
}

function toRouteObject(area: AreaModule, route: AreaRoute): RouteObject {
  if ('redirect' in route) {
    return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  }
  const handle: RouteHandle = {
    title: route.title,
    access: route.access,
    section: route.section,
  };
  return {
    path: route.path,
    lazy: page(route.screen, [area]),
    loader: route.table && tableAhead(route.table, route.access),
    handle,
  };
}

function routesOf(layout: AreaRoute['layout'], areas: readonly AreaModule[]): RouteObject[] {
  return areas.flatMap((area) =>
    area.routes.filter((route) => route.layout === layout).map((r) => toRouteObject(area, r)),
  );
}

/** Every route of the spec (§2) plus the users screens, from the area registry, with layouts. */
export function buildRoutes(areas: readonly AreaModule[] = AREAS): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      HydrateFallback: RootFallback,
      ErrorBoundary: RouteError,
      children: [
        // Blank layout: sign-in screens (the guard keeps them for signed-out visitors) and
        // pages of their own such as the printable project report.
        {
          lazy: page(() => import('../layouts/blank-layout')),
          children: routesOf('blank', areas),
        },
        // Default layout: top bar, sidebar, and the 403 page for screens the account may not open.
        {
          lazy: page(() => import('../layouts/default-layout'), areas),
          children: [
            {
              ErrorBoundary: RouteError,
              children: [
                ...routesOf('default', areas),
                { path: '*', lazy: page(() => import('../routes/not-found')) },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = buildRoutes();

/**
 * A signed-in account starting the app on a logged-out page (the sign-in page of a browser whose
 * tab is signed in) starts where the guard would send it: otherwise the router would first
 * download that page's code, only to redirect.
 */
export function startWhereTheGuardSends(): void {
  const session = getSession();
  if (session.status !== 'authenticated') return;
  const decision = decideGuard({
    pathname: window.location.pathname,
    authenticated: true,
    mustChangePassword: session.account.mustChangePassword,
    from: returnPathOf(window.location.search),
  });
  if (decision.kind === 'redirect') window.history.replaceState(null, '', decision.to);
}

export function createRouter() {
  startWhereTheGuardSends();
  return createBrowserRouter(routes);
}
