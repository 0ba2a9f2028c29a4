import { useRecord } from '@/lib/data/records';
import type { UserRecord } from '@/lib/models';

export const USERS = 'users';

/** One user with its roles. */
export function useUser(id: string | undefined) {
  return useRecord<UserRecord>(USERS, id, { expand: 'roles' });
}
