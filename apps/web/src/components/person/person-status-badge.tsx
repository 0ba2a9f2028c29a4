import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import type { DisplayStatus } from './person-values';

/** The same colours as employees: Active green, Suspended red, Resigned dark; Lapsed orange. */
export const STATUS_COLORS: Record<DisplayStatus, string> = {
  Active: 'green',
  Suspended: 'red',
  Resigned: 'dark',
  Lapsed: 'orange',
};

function isDisplayStatus(value: unknown): value is DisplayStatus {
  return typeof value === 'string' && value in STATUS_COLORS;
}

/** A member's or volunteer's status chip. */
export function PersonStatusBadge({
  status,
  ...rest
}: { status: unknown } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  if (!isDisplayStatus(status)) return null;
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      // Never cut the label short in a narrow table column.
      miw="max-content"
      {...rest}
    >
      {t(`hrPeople.status.${status}`)}
    </Badge>
  );
}
