import { rem } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

type TableScrollProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number | string;
  maxHeight?: number | string;
  className?: string;
  /** The table's name: while the box scrolls, it is a region named after the table. */
  label: string;
  children: ReactNode;
};

/** True while the element's content is wider or taller than its box. */
function useOverflows(ref: React.RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setOverflows(
        box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
      );
    // The box changes with the window, the content with its rows (a list that loads).
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    box
      .querySelectorAll(':scope > div, :scope > div > table')
      .forEach((child) => observer.observe(child));
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * Sideways scrolling for a table wider than its place, with the browser's own scrollbar and a
 * shadow on the side where more columns wait (global.css). While it scrolls, the box is a
 * named region in the tab order, so that a keyboard can scroll it with the arrow keys even
 * when the table holds nothing to focus.
 *
 * Mantine's `Table.ScrollContainer` does the same when told to, but imports its custom
 * ScrollArea for its other mode, about 5 KB gzip on every page with a table. The variable
 * `--table-min-width` is what a phone's stacked table drops (`.plain-table-stack`, global.css).
 */
export function TableScroll({ minWidth, maxHeight, className, label, children }: TableScrollProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(box);
  const sizes = {
    '--table-min-width': minWidth === undefined ? undefined : rem(minWidth),
    '--table-max-height': maxHeight === undefined ? undefined : rem(maxHeight),
  } as CSSProperties;
  return (
    <div
      ref={box}
      className={className ? `table-scroll ${className}` : 'table-scroll'}
      style={sizes}
      // Not the table's own name: the panel around it often carries that one already, and two
      // regions of one name are two landmarks a screen reader cannot tell apart.
      {...(overflows
        ? {
            tabIndex: 0,
            role: 'region',
            'aria-label': t('common.scrollable', { name: label }),
          }
        : {})}
    >
      <div className="table-scroll-inner">{children}</div>
    </div>
  );
}
