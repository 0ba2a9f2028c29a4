import type { CollectionRegistry } from '../core/collection-model';
import type { RecordHooks } from '../core/engine';
import { accountHooks } from './accounts';
import { hrHooks } from './hr';

/** Every area's rules, composed into the engine's hooks (each runs inside the change's transaction). */
export function createDomainHooks(registry: CollectionRegistry): RecordHooks {
  const authCollections = () => registry.all.filter((c) => c.type === 'auth' && !!c.field('roles'));
  const areas: RecordHooks[] = [accountHooks(authCollections), hrHooks];
  return {
    beforeSave: async (ctx) => {
      for (const area of areas) await area.beforeSave?.(ctx);
    },
    beforeDelete: async (ctx) => {
      for (const area of areas) await area.beforeDelete?.(ctx);
    },
  };
}
