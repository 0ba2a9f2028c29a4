import type { CollectionAccess } from '@app/schema';
import { useCan } from '@/lib/session';
import { actionPermission } from './declarations';

/** Whether the signed-in account may do this action, by the collection's declared access. */
export function useCanAct(collection: string, action: keyof CollectionAccess): boolean {
  const permission = actionPermission(collection, action);
  const allowed = useCan(...(permission ? [permission] : []));
  return permission ? allowed : false;
}
