import { Translator } from './translator';

/** The app's one translator (`index.ts` loads its texts and sets its language). */
export const translator = new Translator();
