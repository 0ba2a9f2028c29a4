import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { recordKeys } from '@/lib/query-keys';
import { equalsFilter } from '@/lib/records';
import type { EmployeeTask } from '../types';

export const EMPLOYEE_TASKS = 'employee_tasks';
export const TASKS_PER_PAGE = 10;

/** Open tasks first (no completion date), then by completion and due date. */
const TASK_SORT = 'completion_date,due_date,-created';

/** An employee's tasks, 10 at a time ("Load more"). */
export function useEmployeeTasks(employeeId: string) {
  return useInfiniteQuery({
    queryKey: [...recordKeys.all(EMPLOYEE_TASKS), 'infinite', employeeId],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      pb.collection(EMPLOYEE_TASKS).getList<EmployeeTask>(pageParam, TASKS_PER_PAGE, {
        filter: equalsFilter('employee', employeeId),
        sort: TASK_SORT,
      }),
    getNextPageParam: (last: ListResult<EmployeeTask>) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
  });
}

export type TaskInput = {
  title: string;
  details: string;
  /** API date values ('' for none). */
  due_date: string;
  completion_date: string;
};
