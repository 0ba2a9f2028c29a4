/**
 * Counted phrases ("1 activity", "3 activities", in Arabic six forms: zero, one, two, few, many,
 * other) chosen by the language's own plural rules (Intl.PluralRules), the same way on the
 * screens (the web translator's `key_one`, `key_few`… keys) and on the printed documents.
 */

export type PluralForm = Intl.LDMLPluralRule;

/** A phrase in each plural form the language has; `other` is required, the rest fall back to it. */
export type PluralTexts = Partial<Record<PluralForm, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/** The plural form of `count` in `language` (`ar`: 0 zero, 1 one, 2 two, 3 few, 11 many, 100 other). */
export function pluralForm(language: string, count: number): PluralForm {
  let of = rules.get(language);
  if (!of) {
    of = new Intl.PluralRules(language);
    rules.set(language, of);
  }
  return of.select(count);
}

/**
 * The forms to try for `count`, best first: `zero` for 0 even where the language has no such
 * form (English "No activities"), then the language's own form, then `other`.
 */
export function pluralCandidates(language: string, count: number): PluralForm[] {
  const form = pluralForm(language, count);
  return [...new Set<PluralForm>([...(count === 0 ? (['zero'] as const) : []), form, 'other'])];
}

/** The text of `count` among `texts`, its `{{count}}` filled. */
export function plural(language: string, count: number, texts: PluralTexts): string {
  const form = pluralCandidates(language, count).find((f) => texts[f] !== undefined) ?? 'other';
  return texts[form]!.replace(/\{\{\s*count\s*\}\}/g, String(count));
}
