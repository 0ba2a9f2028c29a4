import { useEffect, useRef, useState } from 'react';
import { estimatedProgress, LOADING_BAR } from './loading-bar-config';

export type LoadingProgress = { visible: boolean; progress: number };

type Timing = typeof LOADING_BAR;

/**
 * Drives a progress bar from a boolean: shows it only after `throttle` ms of activity, grows it
 * over `duration`, fills it when the activity ends, hides it after `hideDelay` and resets it
 * after a further `resetDelay`.
 */
export function useLoadingProgress(active: boolean, timing: Timing = LOADING_BAR): LoadingProgress {
  const [state, setState] = useState<LoadingProgress>({ visible: false, progress: 0 });
  const timers = useRef<{
    throttle?: ReturnType<typeof setTimeout>;
    tick?: ReturnType<typeof setInterval>;
    hide?: ReturnType<typeof setTimeout>;
    reset?: ReturnType<typeof setTimeout>;
  }>({});
  const shown = useRef(false);

  useEffect(() => {
    const t = timers.current;
    if (active) {
      clearTimeout(t.hide);
      clearTimeout(t.reset);
      t.throttle = setTimeout(() => {
        shown.current = true;
        const started = Date.now();
        setState({ visible: true, progress: 0 });
        t.tick = setInterval(() => {
          setState({
            visible: true,
            progress: estimatedProgress(Date.now() - started, timing.duration),
          });
        }, 100);
      }, timing.throttle);
      return () => {
        clearTimeout(t.throttle);
        clearInterval(t.tick);
      };
    }
    if (shown.current) {
      shown.current = false;
      setState({ visible: true, progress: 100 });
      t.hide = setTimeout(() => {
        setState({ visible: false, progress: 100 });
        t.reset = setTimeout(() => setState({ visible: false, progress: 0 }), timing.resetDelay);
      }, timing.hideDelay);
    }
    return undefined;
  }, [active, timing]);

  useEffect(
    () => () => {
      const t = timers.current;
      clearTimeout(t.throttle);
      clearInterval(t.tick);
      clearTimeout(t.hide);
      clearTimeout(t.reset);
    },
    [],
  );

  return state;
}
