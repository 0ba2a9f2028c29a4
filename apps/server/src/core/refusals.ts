import {
  fillRefusal,
  REFUSALS,
  refusalParts,
  type Language,
  type Refusal,
  type RefusalId,
  type RefusalWord,
} from '@app/schema';
import { ApiError } from './errors';
import type { FieldError } from './values';

/**
 * Refusals in the asker's language. A rule refuses with `refuse(...)`: the error carries the
 * catalogue entry (packages/schema/src/refusals.ts) and its parameters, and goes out in English;
 * `localiseError` writes it again in the language of the request's `Accept-Language` just before
 * it is answered. Errors made elsewhere with the catalogue's English words (the engine's own
 * checks, as PocketBase words them) are recognised by their code and text and translated too.
 */

type Said = { id: RefusalId; words: Readonly<Record<string, RefusalWord>> };

/** Kept out of the JSON: the catalogue entry a message was written from. */
const SAID = Symbol('refusal');
type Marked = { [SAID]?: Said };

function mark<T extends object>(target: T, said: Said): T {
  Object.defineProperty(target, SAID, { value: said, enumerable: false });
  return target;
}

export type RefuseOptions = {
  /** The field the refusal is about (`status` for a move); its code and params go there. */
  field?: string;
  /** The message's parameters; words in both languages are put in the message's language. */
  words?: Readonly<Record<string, RefusalWord>>;
  /** The code's parameters on the wire (stable values, not words). */
  params?: Record<string, unknown>;
};

/** An API error from the catalogue: 400 (a rule of the data) or 403 (who may). */
export function refuse(status: 400 | 403, id: RefusalId, options: RefuseOptions = {}): ApiError {
  const said: Said = { id, words: options.words ?? {} };
  const entry: Refusal = REFUSALS[id];
  const message = fillRefusal(entry.en, 'en', said.words);
  const data: ApiError['data'] = {};
  if (options.field) {
    const fieldError: FieldError = {
      code: entry.code ?? 'validation_invalid_value',
      message,
      ...(options.params ? { params: options.params } : {}),
    };
    data[options.field] = mark(fieldError, said);
  }
  return mark(new ApiError(status, message, data), said);
}

/** A catalogue entry's text with its parameters (English unless told). */
export function refusalText(
  id: RefusalId,
  words: Readonly<Record<string, RefusalWord>> = {},
  lang: Language = 'en',
): string {
  return fillRefusal(REFUSALS[id][lang], lang, words);
}

/** The catalogue entry a field error or an answer was written from, if it says so. */
function saidOf(value: unknown): Said | undefined {
  return value && typeof value === 'object' ? (value as Marked)[SAID] : undefined;
}

/** Each entry's English as a pattern, so a message written without `refuse` is recognised. */
const PATTERNS = Object.entries(REFUSALS).map(([id, entry]) => {
  const parts = refusalParts(entry.en);
  const source = entry.en
    .split(/\{\w+\}/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  return { id: id as RefusalId, entry, parts, pattern: new RegExp(`^${source}$`) };
});

/** Reads the parameters back out of an English message written from `code`'s entries. */
function recognise(message: string, code: string | undefined | null): Said | undefined {
  for (const { id, entry, parts, pattern } of PATTERNS) {
    // null: any entry (a whole answer that repeats a field's message).
    if (code !== null && entry.code !== code) continue;
    const match = pattern.exec(message);
    if (!match) continue;
    return { id, words: Object.fromEntries(parts.map((name, i) => [name, match[i + 1]])) };
  }
  return undefined;
}

function render(said: Said, lang: Language): string {
  return fillRefusal(REFUSALS[said.id][lang], lang, said.words);
}

/** The language a request asks for: Arabic when its first preference is, else English. */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'ar' || first.startsWith('ar-') ? 'ar' : 'en';
}

/** An error's message and field errors in the asker's language (English as made). */
export function localiseError(
  error: ApiError,
  lang: Language,
): { message: string; data: ApiError['data'] } {
  if (lang === 'en') return { message: error.message, data: error.data };
  const said =
    saidOf(error) ?? recognise(error.message, undefined) ?? recognise(error.message, null);
  const message = said ? render(said, lang) : error.message;
  const data: ApiError['data'] = {};
  for (const [name, value] of Object.entries(error.data)) {
    const fieldError = value as Partial<FieldError>;
    if (typeof fieldError.message !== 'string') {
      data[name] = value;
      continue;
    }
    const fieldSaid = saidOf(value) ?? recognise(fieldError.message, fieldError.code);
    data[name] = fieldSaid ? { ...value, message: render(fieldSaid, lang) } : value;
  }
  return { message, data };
}
