import { rem } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

type TableScrollProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number | string;
  maxHeight?: number | string;
  className?: string;
  children: ReactNode;
};

/**
 * Sideways scrolling for a table wider than its place, with the browser's own scrollbar.
 * Mantine's `Table.ScrollContainer` does the same when told to, but imports its custom
 * ScrollArea for its other mode, about 5 KB gzip on every page with a table. The variable
 * `--table-min-width` is what a phone's stacked table drops (`.plain-table-stack`, global.css).
 */
export function TableScroll({ minWidth, maxHeight, className, children }: TableScrollProps) {
  const sizes = {
    '--table-min-width': minWidth === undefined ? undefined : rem(minWidth),
    '--table-max-height': maxHeight === undefined ? undefined : rem(maxHeight),
  } as CSSProperties;
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'} style={sizes}>
      <div className="table-scroll-inner">{children}</div>
    </div>
  );
}
