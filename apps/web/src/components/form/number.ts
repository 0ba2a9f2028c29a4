/** Number input rules (spec §5): digits, an optional leading minus, one decimal point. */

export const NUMBER_MIN = Number.MIN_SAFE_INTEGER;
export const NUMBER_MAX = Number.MAX_SAFE_INTEGER;
export const NUMBER_STEP = 1;

export type NumericOptions = { allowNegative?: boolean; allowDecimal?: boolean };

/** Drops every character but digits, a minus in first position and the first decimal point. */
export function sanitizeNumeric(raw: string, options: NumericOptions = {}): string {
  const { allowNegative = true, allowDecimal = true } = options;
  let out = '';
  let hasPoint = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && allowNegative && out === '') out += ch;
    else if (ch === '.' && allowDecimal && !hasPoint) {
      hasPoint = true;
      out += ch;
    }
  }
  return out;
}

/** The number a sanitized text stands for, or null while it is empty or incomplete (`-`, `.`). */
export function parseNumeric(text: string): number | null {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function clampNumber(
  value: number,
  min: number = NUMBER_MIN,
  max: number = NUMBER_MAX,
): number {
  return Math.min(max, Math.max(min, value));
}

/** One step up (+1) or down (-1) from the current value (empty starts from 0, or min if above). */
export function stepNumber(
  current: number | null,
  direction: 1 | -1,
  { step = NUMBER_STEP, min = NUMBER_MIN, max = NUMBER_MAX } = {},
): number {
  const base = current ?? clampNumber(0, min, max);
  // Round away float noise such as 0.1 + 0.2.
  const next = Number((base + direction * step).toPrecision(15));
  return clampNumber(current === null ? base : next, min, max);
}

/** The text shown for a value. */
export function formatNumeric(value: number | null): string {
  return value === null ? '' : String(value);
}
