import type { AccessRule } from '@/lib/permissions';

/** What a route declares about itself (react-router `handle`). */
export type RouteHandle = {
  /** i18n key of the page title. */
  title?: string;
  /** Who may open the route; others get the 403 page. */
  access?: AccessRule;
  /** The activity monitor's section. */
  section?: 'all' | 'hr' | 'projects' | 'finance' | 'website';
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
