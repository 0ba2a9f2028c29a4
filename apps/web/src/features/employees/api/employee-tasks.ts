export const EMPLOYEE_TASKS = 'employee_tasks';
export const TASKS_PER_PAGE = 10;

/** Open tasks first (no completion date), then by completion and due date. */
export const TASK_SORT = 'completion_date,due_date,-created';
