import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { userStatusOf } from '@/lib/models';

/** ACTIVE (green) or SUSPENDED (red); a missing status reads as SUSPENDED. */
export function UserStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const value = userStatusOf(status);
  return (
    <Badge color={value === 'ACTIVE' ? 'green' : 'red'} variant="light">
      {t(`users.status.${value}`)}
    </Badge>
  );
}
