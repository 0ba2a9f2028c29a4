import { Skeleton } from '@mantine/core';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
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

/**
 * A module fetched on first use and shared by several parts (a module with several fields):
 * `current` is there once any of them has fetched it.
 */
export type ModuleOnDemand<M> = { current: () => M | null; fetch: () => Promise<M> };

export function moduleOnDemand<M>(load: () => Promise<M>): ModuleOnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    fetch: () =>
      (loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null; // the next opening tries again
          throw error;
        },
      )),
  };
}

/**
 * The module, once fetched: fetched while `wanted` holds. A failed download leaves it null and
 * calls `onFailed`; the next render that still wants it (the next opening, the next message)
 * tries again, so a dropped line never takes the page down.
 */
function useFetchedWhen<M>(
  source: ModuleOnDemand<M>,
  wanted: boolean,
  onFailed?: () => void,
): M | null {
  const [module, setModule] = useState<M | null>(source.current);
  // After every render: while it is wanted and missing, ask for it (one download at a time).
  useEffect(() => {
    if (!wanted || module !== null) return;
    let live = true;
    source.fetch().then(
      (fetched) => live && setModule(() => fetched),
      () => live && onFailed?.(),
    );
    return () => {
      live = false;
    };
  });
  return module;
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
  options: OnDemandOptions<P> = {},
): ComponentType<P & { when: boolean }> {
  const source = moduleOnDemand(load);

  function OnDemand({ when, ...props }: P & { when: boolean }) {
    const built = useLatch(when);
    const module = useFetchedWhen(source, built);
    // Whether the part has been mounted here (its module may have come before, for another).
    const [mounted, setMounted] = useState(false);
    useEffect(() => {
      if (built && module !== null) setMounted(true);
    }, [built, module]);
    if (!built || module === null) return null;
    const Part = module.default;
    const shown = mounted || !options.closed ? props : { ...props, ...options.closed };
    return <Part {...(shown as unknown as P)} />;
  }
  return OnDemand;
}

export type OnDemandOptions<P> = {
  /**
   * The props that show the part closed (`{ opened: false }`), for a dialog or drawer fetched by
   * its first opening: it mounts with them and takes its own one render later. Mounted open, it
   * would never give the focus back to the button that opened it: Mantine notes that element
   * only when `opened` changes.
   */
  closed?: Partial<P>;
};

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
  const source = moduleOnDemand(load);

  function PopupOnDemand(props: P & PopupProps) {
    const [wanted, setWanted] = useState(false);
    const module = useFetchedWhen(source, wanted, () => setWanted(false));
    const want = () => setWanted(true);
    if (!wanted)
      return props.button({
        'aria-haspopup': kind,
        'aria-expanded': false,
        onClick: want,
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          want();
        },
      });
    // The same button while the code comes (it keeps the focus), saying so.
    if (module === null)
      return props.button({ 'aria-haspopup': kind, 'aria-expanded': false, 'aria-busy': true });
    const Popup = module.default;
    return <Popup {...props} />;
  }
  return PopupOnDemand;
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

/** What the light stand-in of a field fetched on first use is given (fieldOnDemand). */
export type StandInProps = {
  /** Fetch the field and open it: the person clicked it, or pressed a key that opens it. */
  onWanted: () => void;
  /** Fetch the field's code, not opening it yet: the pointer came over it, or the focus. */
  onNear: () => void;
  /** While the field's code is on its way. */
  busy: boolean;
};

/** What the loaded field is given (fieldOnDemand). */
export type ArrivalProps = {
  /** Brought by the person's click or key (see `useOpensOnArrival`). */
  arrived: boolean;
};

/** The attribute that marks a stand-in's input (for `useOpensOnArrival`). */
export const STAND_IN_ATTRIBUTE = 'data-stand-in';

/**
 * In a field fetched on first use: whether it takes the focus and opens as it appears. It does
 * when the person's click or key brought it and the focus is still on its stand-in (or was lost
 * with it); not when they have moved on to another field meanwhile.
 */
export function useOpensOnArrival(arrived: boolean): boolean {
  // Read once, as the field first renders: its stand-in is still on the page then.
  const [opens] = useState(() => {
    if (!arrived || typeof document === 'undefined') return false;
    const active = document.activeElement;
    return !active || active === document.body || active.hasAttribute(STAND_IN_ATTRIBUTE);
  });
  return opens;
}

/**
 * The input of a field fetched on first use, focused once it is on the page when it opens on
 * arrival. (After mounting, not with `autoFocus`: Mantine's searchable selects open as they take
 * the focus, which they miss while React is still attaching them.)
 */
export function useFocusedOnArrival<T extends HTMLElement>(opens: boolean) {
  const input = useRef<T>(null);
  useEffect(() => {
    if (opens) input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the field appears
  }, []);
  return input;
}

/**
 * While `waiting`, fetches the module the first time the person presses a key or a pointer on
 * the page: someone typing a name in a form will open its selects next, and on a slow line the
 * code is then there, or nearly, when they do. A page that is only looked at never fetches it.
 */
function useFetchedOnceThePersonActs(source: ModuleOnDemand<unknown>, waiting: boolean) {
  useEffect(() => {
    if (!waiting || source.current()) return;
    const fetchNow = () => void source.fetch().catch(() => undefined);
    const events = ['keydown', 'pointerdown'] as const;
    for (const event of events) document.addEventListener(event, fetchNow, { once: true });
    return () => {
      for (const event of events) document.removeEventListener(event, fetchNow);
    };
  }, [source, waiting]);
}

/**
 * A form's field whose rich version (Mantine's selects, the date picker's calendar) is not part
 * of the page's first download: with their dropdowns' positioning code (floating-ui), a form
 * downloaded about 40 KB gzip more before it could show. A light stand-in shows the field as it
 * will look (its label, value, error and mark). The code is fetched once the person starts
 * working on the page (their first key or press) or comes near the field (`onNear`), and the
 * field is swapped in when they open it (`onWanted`): it then takes the focus and opens
 * (`useOpensOnArrival`), unless they have moved on meanwhile. Once the module is there, every
 * field it holds is the rich one from the start. If the download fails, the stand-in comes back
 * and the next opening tries again.
 */
export function fieldOnDemand<P extends object, M>(
  source: ModuleOnDemand<M>,
  pick: (module: M) => ComponentType<P & ArrivalProps>,
  StandIn: ComponentType<P & StandInProps>,
): ComponentType<P> {
  // Coming near starts the download early: on a slow line the first opening then waits less.
  const near = () => void source.fetch().catch(() => undefined);

  function FieldOnDemand(props: P) {
    const [asked, setAsked] = useState(false);
    // The stand-in stays (with the focus) while the code comes; a failure brings it back.
    const module = useFetchedWhen(source, asked, () => setAsked(false));
    useFetchedOnceThePersonActs(source, module === null);
    if (module === null)
      return <StandIn {...props} onWanted={() => setAsked(true)} onNear={near} busy={asked} />;
    const Field = pick(module);
    return <Field {...props} arrived={asked} />;
  }
  return FieldOnDemand;
}

/**
 * A part of a screen shown one at a time (a record's tab, a form's step) whose code is fetched
 * the first time it is shown, with a skeleton meanwhile: the screen need not carry the code of
 * the parts behind the first. For the heavy ones (a table with its editor, a finance section).
 */
export function shownOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Fetched = lazy(async () => ({ default: await load() }));
  return function ShownOnDemand(props: P) {
    return (
      <Suspense fallback={<Skeleton h={160} radius="lg" />}>
        <Fetched {...props} />
      </Suspense>
    );
  };
}
