import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type ScrollAreaStandInProps = ComponentPropsWithoutRef<'div'> & {
  // What Table.ScrollContainer passes to Mantine's ScrollArea, which a plain box has no use for.
  offsetScrollbars?: unknown;
};

const PlainScrollBox = forwardRef<HTMLDivElement, ScrollAreaStandInProps>(function NativeScrollArea(
  { offsetScrollbars: _offset, style, ...props },
  ref,
) {
  return <div ref={ref} {...props} style={{ overflow: 'auto', ...style }} />;
});

/** Never rendered: what Modal and Drawer compare their `scrollAreaComponent` with. */
function NativeScrollAreaAutosize(props: ScrollAreaStandInProps) {
  return <PlainScrollBox {...props} />;
}

/**
 * What Mantine's `Table.ScrollContainer`, `Modal` and `Drawer` get in place of Mantine's
 * ScrollArea (the build's redirects, build/mantine-trims.ts): a box with the browser's own
 * scrolling. The app uses neither `Table.ScrollContainer` (it has `TableScroll`) nor a dialog's
 * `scrollAreaComponent`; this only keeps the ScrollArea's code out of every page with a table
 * or a dialog, and would still scroll if someone used it. Modal and Drawer only compare their
 * `scrollAreaComponent` with `ScrollArea.Autosize`, a component of its own here, so that a
 * dialog given none stays as Mantine draws it.
 */
export const ScrollArea = Object.assign(PlainScrollBox, { Autosize: NativeScrollAreaAutosize });
