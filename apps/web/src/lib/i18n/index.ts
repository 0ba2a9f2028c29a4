import { LANGUAGE_STORAGE_KEY } from '@/config/constants';
import { pb } from '../pocketbase';
import type { Dictionary, DictionaryLoaders } from './dictionary';
import { en } from '../texts/en';
import { translator as i18n } from './instance';

export type { Dictionary, DictionaryLoaders, Translated } from './dictionary';
export type { TFunction, TOptions, Translator } from './translator';
export { useTranslation } from './use-translation';

export type Language = 'en' | 'ar';

export const LANGUAGES: readonly { code: Language; label: string; dir: 'ltr' | 'rtl' }[] = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** The language the interface currently uses. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

// The areas' texts, registered by the area registry (src/app/areas) before i18n starts.
const areaDictionaries: DictionaryLoaders[] = [];
const loaded = new Map<Language, Set<DictionaryLoaders>>();

/** Adds an area's dictionaries; they are loaded with the language (now, if it is in use). */
export async function registerDictionaries(loaders: DictionaryLoaders): Promise<void> {
  if (areaDictionaries.includes(loaders)) return;
  areaDictionaries.push(loaders);
  if (i18n.isInitialized) await ensureResources(currentLanguage());
}

function addTexts(language: Language, texts: Dictionary): void {
  // Deep merge: an area adds its own `nav.links.*` and `pages.*` beside the shell's keys.
  i18n.addTexts(language, texts);
}

// Arabic is loaded on demand so the English sign-in screen stays small; each area's texts are
// their own chunks, loaded in parallel.
async function ensureResources(language: Language): Promise<void> {
  if (language === 'ar' && !i18n.hasTexts('ar')) {
    const { ar } = await import('../texts/ar');
    addTexts('ar', ar);
  }
  const done = loaded.get(language) ?? new Set<DictionaryLoaders>();
  loaded.set(language, done);
  const missing = areaDictionaries.filter((loaders) => !done.has(loaders));
  const texts = await Promise.all(missing.map((loaders) => loaders[language]()));
  missing.forEach((loaders, i) => {
    addTexts(language, texts[i]);
    done.add(loaders);
  });
}

function applyLanguage(language: Language): void {
  // Every API call carries the interface language (Accept-Language).
  pb.lang = language;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    // Installing the app to a phone's home screen names it in the interface language.
    document
      .querySelector('link[rel="manifest"]')
      ?.setAttribute('href', language === 'ar' ? '/manifest-ar.json' : '/manifest.json');
    // The server names this language's texts in a signed-in page, so that they download with
    // the layout's files (apps/server/src/plugins/web.ts).
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  }
}

/** Starts the translator with the remembered language (English by default). */
export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.hasTexts('en')) addTexts('en', en);
  await ensureResources(language);
  await i18n.changeLanguage(language);
  applyLanguage(language);
  return i18n;
}

/** Switches the interface language, remembers it and tells the API. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, still applied.
  }
  await i18n.changeLanguage(language);
  applyLanguage(language);
}

export { i18n };
