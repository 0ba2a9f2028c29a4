import type { ReactNode } from 'react';
import { currentLanguage } from '@/lib/i18n';

/**
 * Keeps an amount, a code or an address in its left-to-right order inside Arabic text, while
 * the surrounding block keeps the page's alignment.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <span className="ltr-value">{children}</span>;
}

/**
 * The same inside a translated string: an amount or a code wrapped in left-to-right isolate
 * marks when the interface is Arabic (English text is left as it is).
 */
export function ltrText(text: string): string {
  return currentLanguage() === 'ar' ? `\u2066${text}\u2069` : text;
}
