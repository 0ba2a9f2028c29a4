import type { ScreenModule } from './area';

/** The screen of an area still to come: its frame and its area's links. */
export const placeholderScreen = (): Promise<ScreenModule> => import('../routes/area-placeholder');
