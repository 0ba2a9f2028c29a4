/** Hours with at most two decimals and no trailing zeros: 3.5, 2, 0.25. */
export function formatHours(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return String(Math.round(n * 100) / 100);
}

/** A share of the total, as a whole percentage for a progress bar. */
export function shareOf(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}
