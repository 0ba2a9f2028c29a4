import type { Rule } from '@/components/form/rules';

/** The text a reader sees in some HTML, spaces collapsed (as the server counts it). */
export function visibleText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' $&'),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Rich text with at least `min` characters of readable text (the server checks it too). */
export function minTextRule<V>(min: number, message: string): Rule<never, V> {
  const check = (value: string | null | undefined) =>
    visibleText(value ?? '').length >= min ? true : message;
  return check as unknown as Rule<never, V>;
}
