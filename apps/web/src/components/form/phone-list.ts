/** A phone number: an optional leading +, then 6 to 20 digits (spaces, dashes, dots and brackets allowed). */
const PHONE_PATTERN = /^\+?[\d\s\-().]{6,24}$/;

/** Trims and collapses separators: `+249 912-345 678` → `+249912345678`. */
export function normalizePhone(raw: string): string {
  const trimmed = raw.trim();
  const plus = trimmed.startsWith('+') ? '+' : '';
  return plus + trimmed.replace(/[^\d]/g, '');
}

export type AddPhoneResult =
  | { ok: true; list: string[] }
  | { ok: false; list: string[]; reason: 'empty' | 'invalid' | 'duplicate' };

/** Adds a number to the list, refusing empty, malformed and repeated numbers. */
export function addPhone(list: readonly string[], raw: string): AddPhoneResult {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, list: [...list], reason: 'empty' };
  const digits = trimmed.replace(/[^\d]/g, '');
  if (!PHONE_PATTERN.test(trimmed) || digits.length < 6 || digits.length > 20) {
    return { ok: false, list: [...list], reason: 'invalid' };
  }
  const phone = normalizePhone(trimmed);
  if (list.includes(phone)) return { ok: false, list: [...list], reason: 'duplicate' };
  return { ok: true, list: [...list, phone] };
}

export function removePhone(list: readonly string[], phone: string): string[] {
  return list.filter((p) => p !== phone);
}
