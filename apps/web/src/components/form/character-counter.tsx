import { Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n/use-translation';

/** A field's declared length limits (packages/schema: `min`, `max`). */
export type LengthLimits = {
  min?: number;
  max?: number;
  /** An optional field may stay empty: its minimum counts once something is typed. */
  required?: boolean;
};

/** How long typing must pause before screen readers hear the count (not on every key). */
export const ANNOUNCE_DELAY_MS = 1200;

/** The text a reader sees in some HTML, spaces collapsed (as the server counts it). */
export function visibleText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|li)>|<br\s*\/?>/gi, ' $&'),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Characters as the server counts them: code points, not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** Whether a field shows a counter: it declares a minimum or a maximum length. */
export function hasLimits(limits: LengthLimits): boolean {
  return Boolean(limits.min) || Boolean(limits.max);
}

/**
 * What the counter says for `length` characters: how many are still needed under the minimum,
 * how many are too many over the maximum, or how many of the maximum are used. Counted phrases
 * take the language's plural form (`form.counter.*_one`, `_few`…).
 */
export function counterText(
  t: TFunction,
  length: number,
  { min, max, required }: LengthLimits,
): { text: string; tone: 'short' | 'ok' | 'over' } {
  if (min && length < min && (required || length > 0))
    return { text: t('form.counter.more', { count: min - length }), tone: 'short' };
  if (max && length > max)
    return { text: t('form.counter.over', { count: length - max }), tone: 'over' };
  if (max) return { text: t('form.counter.used', { length, max }), tone: 'ok' };
  return { text: t('form.counter.enough', { length }), tone: 'ok' };
}

/**
 * The counter under a field, updated on every key; the field points at it (`id`, through
 * aria-describedby), so a screen reader reads it with the field.
 */
export function CharacterCounter({
  id,
  length,
  limits,
}: {
  id?: string;
  length: number;
  limits: LengthLimits;
}) {
  const { t } = useTranslation();
  const { text, tone } = counterText(t, length, limits);
  return (
    <Text
      component="span"
      id={id}
      size="xs"
      display="block"
      ta="end"
      c={tone === 'over' ? 'red' : 'dimmed'}
      data-counter={tone}
    >
      {text}
    </Text>
  );
}

/**
 * The same words for screen readers, politely and only once typing pauses: a live region that
 * changed on every key would interrupt the reader at each letter.
 */
export function CounterAnnouncer({ length, limits }: { length: number; limits: LengthLimits }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const first = useRef(true);
  const text = counterText(t, length, limits).text;
  useEffect(() => {
    // Nothing is said before the user types.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true">
      {said}
    </VisuallyHidden>
  );
}
