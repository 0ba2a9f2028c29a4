/** A tree of texts: what a language file (the shell's or an area's) exports. */
export type Dictionary = { readonly [key: string]: string | Dictionary };

/** The same keys as `T` with any text: the type another language's file must have. */
export type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };

/** Loads one language's texts of an area (a dynamic import, so each is its own chunk). */
export type DictionaryLoaders = Record<'en' | 'ar', () => Promise<Dictionary>>;
