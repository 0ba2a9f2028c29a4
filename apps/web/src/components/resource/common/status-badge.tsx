import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';

type StatusBadgeProps = {
  status: unknown;
  /** The colour of each status; another value shows nothing. */
  colors: Readonly<Record<string, MantineColor>>;
  /** Where the statuses' texts are (`employees.status`). */
  texts: string;
  /** Statuses shown filled (Resigned). */
  filled?: readonly string[];
} & Omit<BadgeProps, 'color' | 'children'>;

/** A record's status chip in its colour. */
export function StatusBadge({ status, colors, texts, filled = [], ...rest }: StatusBadgeProps) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || !Object.hasOwn(colors, status)) return null;
  return (
    <Badge
      color={colors[status]}
      variant={filled.includes(status) ? 'filled' : 'light'}
      tt="none"
      // Never cut the label short in a narrow table column.
      miw="max-content"
      {...rest}
    >
      {t(`${texts}.${status}`)}
    </Badge>
  );
}
