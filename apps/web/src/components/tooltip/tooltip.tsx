import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/** The handlers the tooltip adds to its element, composed with the element's own. */
type Target = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

type TooltipProps = {
  /**
   * What the tooltip says: a text, or an amount kept left to right (`Ltr`). The element keeps its
   * own accessible name (aria-label).
   */
  label: ReactNode;
  /** One element that takes pointer and focus events: an icon button. */
  children: ReactElement<Target>;
};

/** The gap between the element and its tooltip, and the margin kept from the screen's edges. */
const GAP = 6;
const EDGE = 4;

/**
 * A short label over an icon button, shown while the pointer rests on it or it has the keyboard
 * focus, and hidden by Escape. It sits above the button (below it at the top of the screen),
 * centred and kept on screen. Mantine's Tooltip does the same with floating-ui (about 18 KB
 * gzip with its own code), which icon buttons in tables and cards do not need.
 */
export function Tooltip({ label, children }: TooltipProps) {
  const id = useId();
  const [shown, setShown] = useState<{ anchor: HTMLElement; byFocus: boolean } | null>(null);
  // Bumped by a scroll while the tooltip follows a focused element, to place it again.
  const [scrolls, setScrolls] = useState(0);
  const own = children.props;
  const show = (anchor: HTMLElement, byFocus: boolean) => setShown({ anchor, byFocus });
  const hide = () => setShown(null);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // A scrolled page moves the element away from a tooltip placed once. The mouse's tooltip
    // goes (the pointer is elsewhere now); the keyboard's follows its element, since focusing an
    // element below the fold is what scrolls the page to it.
    const onScroll = () => (shown.byFocus ? setScrolls((n) => n + 1) : hide());
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [shown]);

  return (
    <>
      {cloneElement(children, {
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          if (event.pointerType === 'mouse') show(event.currentTarget, false);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          hide();
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, true);
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide();
        },
      })}
      {shown &&
        createPortal(
          <Bubble id={id} label={label} anchor={shown.anchor} scrolls={scrolls} />,
          document.body,
        )}
    </>
  );
}

/** The tooltip itself, placed against its element once measured, and again after a scroll. */
function Bubble({
  id,
  label,
  anchor,
  scrolls,
}: {
  id: string;
  label: ReactNode;
  anchor: HTMLElement;
  scrolls: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const target = anchor.getBoundingClientRect();
    const { width, height } = bubble.getBoundingClientRect();
    const above = target.top - GAP - height;
    const top = above >= EDGE ? above : target.bottom + GAP;
    const centred = target.left + target.width / 2 - width / 2;
    const left = Math.min(Math.max(centred, EDGE), window.innerWidth - width - EDGE);
    setPlace({ top, left });
  }, [anchor, label, scrolls]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="light-tooltip"
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
    >
      {label}
    </div>
  );
}
