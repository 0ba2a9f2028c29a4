import { StatusBadge } from '@/components/resource/common/status-badge';
import { userStatusOf } from '@/lib/models';

/** ACTIVE (green) or SUSPENDED (red); a missing status reads as SUSPENDED. */
export function UserStatusBadge({ status }: { status: unknown }) {
  return (
    <StatusBadge
      status={userStatusOf(status)}
      colors={{ ACTIVE: 'green', SUSPENDED: 'red' }}
      texts="users.status"
      tt={undefined}
    />
  );
}
