import type { Dictionary } from './dictionary';

/**
 * The app's translator: nested dictionaries per language, `{{name}}` placeholders, plural forms
 * by `Intl.PluralRules` and English as the fallback. It is the small part of i18next the app
 * used (about 1 KB instead of 17 KB on the sign-in page); `use-translation.ts` is its React side.
 */

/** Options of `t`: the placeholders' values, plus the few options below. */
export type TOptions = {
  /** Fills `{{count}}`; a number also picks the plural form (`key_one`, `key_few`…). */
  count?: number | string;
  /** Said when the key has no text in the language nor in English (placeholders filled). */
  defaultValue?: string;
  /** Another language than the current one. */
  lng?: string;
  [placeholder: string]: unknown;
};

/** `t(key)`, `t(key, { name: … })`, or `t(key, 'said when the key has no text')`. */
export type TFunction = (key: string, options?: TOptions | string) => string;

type Listener = () => void;

const FALLBACK = 'en';
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function isDictionary(value: unknown): value is Dictionary {
  return typeof value === 'object' && value !== null;
}

/**
 * Copies `from` into `into`, branch by branch: an area adds its keys beside the shell's.
 * Returns whether a text that was there already has changed.
 */
function merge(into: Record<string, unknown>, from: Dictionary): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (isDictionary(value)) {
      const branch = isDictionary(current) ? (current as Record<string, unknown>) : {};
      changed = merge(branch, value) || changed;
      into[key] = branch;
    } else {
      changed ||= current !== undefined && current !== value;
      into[key] = value;
    }
  }
  return changed;
}

function fill(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    // A missing value leaves the placeholder in sight rather than saying nothing.
    return value === undefined || value === null ? whole : String(value);
  });
}

export class Translator {
  language = FALLBACK;
  isInitialized = false;
  /**
   * Grows with every change that can alter a text already shown, so React can tell that
   * something changed (`use-translation.ts`).
   */
  version = 0;
  private readonly texts = new Map<string, Record<string, unknown>>();
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private readonly boundT = new Map<string, TFunction>();
  /** Per language, the keys asked for and not found in it (with the count), until they arrive. */
  private readonly missing = new Map<string, Map<string, unknown>>();

  /**
   * Adds texts to a language; later texts win key by key. Subscribers hear of it only when a
   * text that was asked for and missing has arrived, or a text has changed. The rest of the
   * app's texts, loaded once the first screen is up, would otherwise render every screen again
   * for nothing; and arriving while React renders another update, they make React start that
   * work over, at once and in one long task.
   */
  addTexts(language: string, texts: Dictionary): void {
    const tree = this.texts.get(language) ?? {};
    let shownTextChanged = merge(tree, texts);
    this.texts.set(language, tree);
    const waiting = this.missing.get(language) ?? new Map<string, unknown>();
    for (const [key, count] of waiting) {
      if (this.lookup(language, key, count) === undefined) continue;
      waiting.delete(key);
      shownTextChanged = true;
    }
    if (shownTextChanged) this.notify();
  }

  hasTexts(language: string): boolean {
    return this.texts.has(language);
  }

  async changeLanguage(language: string): Promise<void> {
    this.isInitialized = true;
    if (language === this.language) return;
    this.language = language;
    this.notify();
  }

  dir(language = this.language): 'ltr' | 'rtl' {
    return language === 'ar' ? 'rtl' : 'ltr';
  }

  /** Calls `listener` after a change of language or of a text shown (see `addTexts`). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The text of `key` (dot path) in the current language, or in `options.lng`. */
  t: TFunction = (key, given = {}) => {
    const options: TOptions = typeof given === 'string' ? { defaultValue: given } : given;
    const language = options.lng ?? this.language;
    for (const candidate of language === FALLBACK ? [FALLBACK] : [language, FALLBACK]) {
      const text = this.lookup(candidate, key, options.count);
      if (text !== undefined) return fill(text, options);
      // Shown in English, or as the key, until the text arrives in this language.
      const waiting = this.missing.get(candidate) ?? new Map<string, unknown>();
      this.missing.set(candidate, waiting.set(key, options.count));
    }
    return options.defaultValue === undefined ? key : fill(options.defaultValue, options);
  };

  /**
   * A `t` for one language, the same function each time: React effects and memos that depend
   * on `t` run again when the language changes, as they did with react-i18next.
   */
  fixedT(language: string): TFunction {
    let t = this.boundT.get(language);
    if (!t) {
      t = (key, options) =>
        this.t(
          key,
          typeof options === 'string'
            ? { lng: language, defaultValue: options }
            : { lng: language, ...options },
        );
      this.boundT.set(language, t);
    }
    return t;
  }

  private lookup(language: string, key: string, count: unknown): string | undefined {
    const tree = this.texts.get(language);
    if (!tree) return undefined;
    if (typeof count === 'number') {
      const forms =
        count === 0 ? ['zero', this.plural(language, count)] : [this.plural(language, count)];
      for (const form of [...forms, 'other']) {
        const text = this.find(tree, `${key}_${form}`);
        if (text !== undefined) return text;
      }
    }
    return this.find(tree, key);
  }

  private find(tree: Record<string, unknown>, key: string): string | undefined {
    let node: unknown = tree;
    for (const part of key.split('.')) {
      if (!isDictionary(node)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  }

  private plural(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
