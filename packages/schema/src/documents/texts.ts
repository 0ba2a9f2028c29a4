import { pluralCandidates } from '../plural';

/**
 * Texts of a printed document, nested like the web app's dictionaries: `{{name}}` placeholders
 * and plural keys (`count_zero`, `count_one`, `count_two`, `count_few`, `count_many`,
 * `count_other`). The web app merges the same objects into its dictionaries, so a screen and the
 * document the server prints from it say the same words.
 */
export type DocumentTexts = { readonly [key: string]: string | DocumentTexts };

export type DocumentT = (key: string, values?: Record<string, unknown>) => string;

function find(tree: DocumentTexts, key: string): string | undefined {
  let node: string | DocumentTexts | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A `t` over one language's document texts: a numeric `count` picks the plural form as the web
 * translator does (zero first for 0, then the language's form, then `other`); a missing key
 * shows itself.
 */
export function documentT(texts: DocumentTexts, language: string): DocumentT {
  return (key, values = {}) => {
    const count = values.count;
    let text: string | undefined;
    if (typeof count === 'number') {
      for (const form of pluralCandidates(language, count)) {
        text = find(texts, `${key}_${form}`);
        if (text !== undefined) break;
      }
    }
    text ??= find(texts, key) ?? key;
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? whole : String(value);
    });
  };
}
