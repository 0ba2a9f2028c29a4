import { useId as useReactId } from 'react';

/**
 * The `useId` Mantine's components get in this app's build (see build/mantine-use-id.ts): the
 * id the component is given, or one made from React's own. Mantine's replaces React's id with a
 * random one in a layout effect, which renders every input, select, popover and menu a second
 * time as it appears, inside React's commit, where the work cannot be split. In a browser-only
 * app with one React root, React's ids are already unique and stable.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  // React's ids hold characters such as ":" or "«»", which CSS selectors would need escaped.
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
