import { Badge, type MantineColor } from '@mantine/core';
import { EMPLOYMENT_STATUSES } from '@app/schema';
import { useTranslation } from 'react-i18next';
import type { EmploymentStatus } from '../types';

const COLORS: Record<EmploymentStatus, MantineColor> = {
  Active: 'green',
  Suspended: 'red',
  Resigned: 'dark',
  On_Leave: 'orange',
};

export function isEmploymentStatus(value: unknown): value is EmploymentStatus {
  return (EMPLOYMENT_STATUSES as readonly unknown[]).includes(value);
}

/** Active (green), Suspended (red), Resigned (dark), On leave (orange). */
export function EmployeeStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (!isEmploymentStatus(status)) return null;
  return (
    <Badge color={COLORS[status]} variant={status === 'Resigned' ? 'filled' : 'light'} tt="none">
      {t(`employees.status.${status}`)}
    </Badge>
  );
}
