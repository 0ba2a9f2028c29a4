import { WorkflowBadge } from '@/components/workflow/workflow-badge';
import { PAYROLL_RUNS } from '../types';

/** A payroll run's status chip, as its workflow declares it. */
export function RunStatus({ status }: { status: string }) {
  return <WorkflowBadge collection={PAYROLL_RUNS} status={status} />;
}
