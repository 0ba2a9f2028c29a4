import { StatusBadge } from '@/components/resource/status-badge';

export const RUN_COLORS = {
  draft: 'gray',
  approved: 'yellow',
  paid: 'green',
  reversed: 'grape',
} as const;

/** A payroll run's status chip. */
export function RunStatus({ status }: { status: string }) {
  return <StatusBadge status={status} colors={RUN_COLORS} texts="payroll.statuses" />;
}
