import { useSyncExternalStore } from 'react';
import { translator } from './instance';
import type { TFunction, Translator } from './translator';

export type { TFunction, TOptions, Translator } from './translator';

const subscribe = (listener: () => void) => translator.subscribe(listener);
const version = () => translator.version;

/**
 * The current language's `t`, and the translator. The component renders again when the language
 * changes, or when a text it asked for and could not find arrives (an area's dictionary loaded
 * after the screen).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  useSyncExternalStore(subscribe, version, version);
  return { t: translator.fixedT(translator.language), i18n: translator };
}
