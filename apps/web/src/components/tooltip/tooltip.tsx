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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const own = children.props;
  const show = (element: HTMLElement) => setAnchor(element);
  const hide = () => setAnchor(null);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // A scrolled page moves the button away from a tooltip placed once.
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [anchor]);

  return (
    <>
      {cloneElement(children, {
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          if (event.pointerType === 'mouse') show(event.currentTarget);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          hide();
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide();
        },
      })}
      {anchor && createPortal(<Bubble id={id} label={label} anchor={anchor} />, document.body)}
    </>
  );
}

/** The tooltip itself, placed against its element once it has been measured. */
function Bubble({ id, label, anchor }: { id: string; label: ReactNode; anchor: HTMLElement }) {
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
  }, [anchor, label]);

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
