import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type LazyExoticComponent,
  type ReactElement,
  type Ref,
} from 'react';

/**
 * True from the first render where `condition` is true, for as long as the component lives: for
 * parts built on first use and then kept (a phone's drawer, a dialog, the passing messages).
 */
export function useLatch(condition: boolean): boolean {
  const [latched, setLatched] = useState(condition);
  // Setting state while rendering is React's way to derive it from a change; it happens once.
  if (condition && !latched) setLatched(true);
  return latched || condition;
}

function Nothing() {
  return null;
}

/**
 * `React.lazy` that forgets a failed download: the failed attempt renders `failed`, and the next
 * render that reads `current` (the next opening, the next message) downloads again.
 */
function retryingLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  failed: ComponentType<P>,
): { current: LazyExoticComponent<ComponentType<P>> } {
  const attempt = () =>
    lazy(() =>
      load().catch(() => {
        holder.current = attempt();
        return { default: failed };
      }),
    );
  const holder = { current: attempt() };
  return holder;
}

/**
 * A part of a screen whose code is downloaded the first time `when` is true, and then kept
 * (a dialog stays mounted when it closes, for its closing animation and the next opening).
 * Until then nothing of it is fetched: the command palette, the change-password dialog and the
 * container of the passing messages otherwise cost every signed-in page about 20 KB on the wire
 * and their parsing on a slow phone, and a list's import dialog cost the list.
 *
 * If the download fails (the line dropped), the part renders nothing instead of taking the page
 * down with it, and the next render that needs it (the next opening, the next message) tries
 * again.
 */
export function onDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P & { when: boolean }> {
  const part = retryingLazy(load, Nothing as ComponentType<P>);

  function OnDemand({ when, ...props }: P & { when: boolean }) {
    const built = useLatch(when);
    if (!built) return null;
    const Part = part.current;
    return (
      <Suspense fallback={null}>
        <Part {...(props as unknown as P)} />
      </Suspense>
    );
  }
  return OnDemand;
}

/** What the light button of a popup fetched on first use gets (popupOnDemand). */
export type OpenerProps = {
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': boolean;
  /** While the popup's code is on its way. */
  'aria-busy'?: boolean;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  ref?: Ref<HTMLButtonElement>;
};

/** What a popup fetched on first use is given: its button. */
export type PopupProps = {
  /** The button that opens it, the same before and after it is loaded. */
  button: (opener: Partial<OpenerProps>) => ReactElement;
};

/**
 * A menu or a panel of the top bar (Mantine's Menu or Popover) whose code is fetched the first
 * time the person opens it: with their positioning code (floating-ui) and focus trap, the
 * three of the top bar cost every signed-in page about 30 KB on the wire otherwise. Until then
 * a light copy of its button stands in, which opens it by click, Enter, Space or the down arrow.
 * The loaded popup shows the same button, takes the focus and opens at once
 * (`useOpenedOnArrival`). If the download fails, the light button comes back.
 */
export function popupOnDemand<P extends object>(
  kind: OpenerProps['aria-haspopup'],
  load: () => Promise<{ default: ComponentType<P & PopupProps> }>,
): ComponentType<P & PopupProps> {
  type Loaded = ComponentType<P & PopupProps & { onFailed?: () => void }>;
  const popup = retryingLazy(load as () => Promise<{ default: Loaded }>, Failed as Loaded);

  function PopupOnDemand(props: P & PopupProps) {
    const [wanted, setWanted] = useState(false);
    const retry = useCallback(() => setWanted(false), []);
    const want = () => setWanted(true);
    const opener: OpenerProps = {
      'aria-haspopup': kind,
      'aria-expanded': false,
      onClick: want,
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        want();
      },
    };
    if (!wanted) return props.button(opener);
    const waiting = props.button({
      'aria-haspopup': kind,
      'aria-expanded': false,
      'aria-busy': true,
    });
    const Popup = popup.current;
    return (
      <Suspense fallback={waiting}>
        <Popup {...props} onFailed={retry} />
      </Suspense>
    );
  }
  return PopupOnDemand;
}

/** What a failed download renders: nothing, and the light button is back for another try. */
function Failed({ onFailed }: { onFailed?: () => void }) {
  useEffect(() => onFailed?.(), [onFailed]);
  return null;
}

/**
 * In a popup fetched on first use (popupOnDemand): its button takes the focus and the popup
 * opens, as a click on a loaded one would have done.
 */
export function useOpenedOnArrival() {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return { target, opened, setOpened };
}
