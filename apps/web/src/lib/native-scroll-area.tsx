import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type ScrollAreaStandInProps = ComponentPropsWithoutRef<'div'> & {
  // What Table.ScrollContainer passes to Mantine's ScrollArea, which a plain box has no use for.
  offsetScrollbars?: unknown;
};

/**
 * What Mantine's `Table.ScrollContainer` gets in place of Mantine's ScrollArea (the build's
 * redirect, build/mantine-trims.ts): a box with the browser's own scrolling. The app does not
 * use `Table.ScrollContainer` (it has `TableScroll`); this only keeps the ScrollArea's code
 * out of every page with a table, and would still scroll if someone used it.
 */
export const ScrollArea = forwardRef<HTMLDivElement, ScrollAreaStandInProps>(
  function NativeScrollArea({ offsetScrollbars: _offset, style, ...props }, ref) {
    return <div ref={ref} {...props} style={{ overflow: 'auto', ...style }} />;
  },
);
