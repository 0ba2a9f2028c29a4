import { LOADING_BAR } from './loading-bar-config';
import { useLoadingProgress } from './use-loading-progress';

type LoadingBarProps = {
  /** True while something (a navigation) is in progress. */
  active: boolean;
};

/** A thin bar at the top of the page in the primary colour, shown while `active` lasts. */
export function LoadingBar({ active }: LoadingBarProps) {
  const { visible, progress } = useLoadingProgress(active);
  return (
    <div
      data-testid="loading-bar"
      role="progressbar"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-visible={visible || undefined}
      style={{
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        height: LOADING_BAR.height,
        width: `${progress}%`,
        opacity: visible ? 1 : 0,
        background: 'var(--mantine-primary-color-filled)',
        transition: 'width 0.1s linear, opacity 0.4s',
        zIndex: 1000,
        pointerEvents: 'none',
      }}
    />
  );
}
