import type { RecordHooks } from '../core/engine';
import { hrHooks } from './hr';

/** Every area's rules, composed into the engine's hooks (each runs inside the change's transaction). */
export function createDomainHooks(): RecordHooks {
  const areas: RecordHooks[] = [hrHooks];
  return {
    beforeSave: async (ctx) => {
      for (const area of areas) await area.beforeSave?.(ctx);
    },
    beforeDelete: async (ctx) => {
      for (const area of areas) await area.beforeDelete?.(ctx);
    },
  };
}
