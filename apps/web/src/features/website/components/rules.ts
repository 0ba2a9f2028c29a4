import type { Rule } from '@/components/form/rules';
import { visibleText } from '@/components/form/character-counter';

/** Rich text with at least `min` characters of readable text (the server checks it too). */
export function minTextRule<V>(min: number, message: string): Rule<never, V> {
  const check = (value: string | null | undefined) =>
    visibleText(value ?? '').length >= min ? true : message;
  return check as unknown as Rule<never, V>;
}
