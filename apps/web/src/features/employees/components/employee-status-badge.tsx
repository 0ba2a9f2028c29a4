import { StatusBadge } from '@/components/resource/common/status-badge';

const COLORS = { Active: 'green', Suspended: 'red', Resigned: 'dark', On_Leave: 'orange' };

/** Active (green), Suspended (red), Resigned (dark), On leave (orange). */
export function EmployeeStatusBadge({ status }: { status: unknown }) {
  return (
    <StatusBadge status={status} colors={COLORS} texts="employees.status" filled={['Resigned']} />
  );
}
