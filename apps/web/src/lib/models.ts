/**
 * Record shapes the screens read, following the collection declarations in `@app/schema`.
 */
import { users as usersCollection, type ActivityAction, type AuditCategory } from '@app/schema';
import type { RecordModel } from 'pocketbase';

function selectValues(fields: readonly { name: string; type: string }[], name: string): string[] {
  const field = fields.find((f) => f.name === name);
  return field && field.type === 'select' && 'values' in field
    ? [...(field as { values: readonly string[] }).values]
    : [];
}

/** `ACTIVE` | `SUSPENDED`, from the users declaration. */
export const USER_STATUSES = selectValues(usersCollection.fields, 'status') as UserStatus[];
export type UserStatus = 'ACTIVE' | 'SUSPENDED';

/** A missing status is read as SUSPENDED (spec §3). */
export function userStatusOf(value: unknown): UserStatus {
  return value === 'ACTIVE' ? 'ACTIVE' : 'SUSPENDED';
}

export type RoleRecord = RecordModel & {
  title: string;
  description: string;
  permissions: string[];
  created: string;
  updated: string;
};

export type UserRecord = RecordModel & {
  name: string;
  email: string;
  avatar: string;
  bio: string;
  roles: string[];
  status: UserStatus | '';
  verified: boolean;
  created: string;
  updated: string;
  expand?: { roles?: RoleRecord[] };
};

export type ActivityRecord = RecordModel & {
  actor: string;
  actor_collection: string;
  actor_name: string;
  actor_email: string;
  action: ActivityAction;
  collection: string;
  record: string;
  categories: AuditCategory[];
  before: unknown;
  after: unknown;
  ip: string;
  comment: string;
  created: string;
};
