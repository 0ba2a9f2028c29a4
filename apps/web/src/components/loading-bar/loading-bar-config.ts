/** The navigation loading bar's timing and size (spec §4). */
export const LOADING_BAR = {
  /** A navigation shorter than this shows no bar (ms). */
  throttle: 200,
  /** The time the bar takes to get (almost) full while the navigation lasts (ms). */
  duration: 2000,
  /** Bar height (px). */
  height: 3,
  /** The full bar stays visible this long after the navigation ends (ms). */
  hideDelay: 500,
  /** After hiding, the progress resets to zero after this delay (ms). */
  resetDelay: 400,
} as const;

/** Progress (0–100) after `elapsed` ms: fast at first, approaching 100 without reaching it. */
export function estimatedProgress(
  elapsed: number,
  duration: number = LOADING_BAR.duration,
): number {
  const value = (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
  return Math.min(99, Math.max(0, value));
}
