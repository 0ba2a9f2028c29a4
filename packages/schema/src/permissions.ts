/**
 * The permission catalogue: every key a role can grant, grouped by area for the role editor.
 * A key is `group.action`. The server enforces them; the web mirrors them.
 */
const crud = ['create', 'update', 'read', 'remove'] as const;

export const PERMISSION_AREAS = [
  {
    area: 'hr',
    label: 'Human Resources',
    groups: [
      { group: 'employees', label: 'Employees', actions: [...crud, 'read_salary', 'read_auth'] },
      { group: 'members', label: 'Members', actions: [...crud] },
      { group: 'volunteers', label: 'Volunteers', actions: [...crud] },
      { group: 'hr_settings', label: 'HR settings', actions: [...crud] },
    ],
  },
  {
    area: 'projects',
    label: 'Projects',
    groups: [
      { group: 'projects', label: 'Projects', actions: [...crud] },
      { group: 'project_timeline', label: 'Project timeline', actions: ['read', 'post'] },
      { group: 'project_staff', label: 'Project staff', actions: [...crud] },
      { group: 'project_finance', label: 'Project finance', actions: [...crud] },
      // Who sits on a project's financial and purchases committees, with which flags: apart from
      // projects.update, so that running a project is not deciding who approves its money.
      { group: 'project_committees', label: 'Project committees', actions: ['manage'] },
    ],
  },
  {
    area: 'activities',
    label: 'Activities',
    groups: [
      { group: 'activities', label: 'Activities', actions: [...crud] },
      { group: 'activity_timeline', label: 'Activity timeline', actions: ['read', 'post'] },
      { group: 'activity_staff', label: 'Activity staff', actions: [...crud] },
      { group: 'activity_finance', label: 'Activity finance', actions: [...crud] },
    ],
  },
  {
    area: 'finance',
    label: 'Finance',
    groups: [
      { group: 'assets', label: 'Assets', actions: [...crud] },
      { group: 'donations', label: 'Donations', actions: [...crud] },
      { group: 'grants', label: 'Grants', actions: [...crud] },
      { group: 'expenses', label: 'Expenses', actions: [...crud, 'approve', 'pay'] },
      { group: 'vaults', label: 'Vaults', actions: [...crud, 'transfer', 'count'] },
    ],
  },
  {
    area: 'salary',
    label: 'Salary',
    groups: [
      {
        group: 'payroll',
        label: 'Payroll',
        actions: [...crud, 'approve', 'pay', 'reverse'],
      },
      { group: 'advances', label: 'Advances', actions: [...crud, 'approve', 'pay'] },
      { group: 'salary_setting', label: 'Salary settings', actions: [...crud] },
      { group: 'salary_report', label: 'Salary report', actions: ['read'] },
    ],
  },
  {
    area: 'website',
    label: 'Website',
    groups: [
      { group: 'topics', label: 'Topics', actions: [...crud] },
      { group: 'articles', label: 'Articles', actions: [...crud] },
      { group: 'resources', label: 'Resources', actions: [...crud] },
    ],
  },
  {
    area: 'system',
    label: 'Users & system',
    groups: [
      { group: 'users', label: 'Users', actions: [...crud] },
      { group: 'roles', label: 'Roles', actions: [...crud] },
      { group: 'activity_monitor', label: 'Activity monitor', actions: ['read'] },
      { group: 'settings', label: 'Settings', actions: ['read', 'update'] },
    ],
  },
] as const;

type Areas = (typeof PERMISSION_AREAS)[number];
type Groups = Areas['groups'][number];
type KeysOf<G> = G extends {
  group: infer N extends string;
  actions: readonly (infer A extends string)[];
}
  ? `${N}.${A}`
  : never;

/** Every permission key, e.g. `employees.read_salary`. */
export type Permission = KeysOf<Groups>;

/** All permission keys in catalogue order. */
export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((area) =>
  area.groups.flatMap((g) => g.actions.map((a) => `${g.group}.${a}` as Permission)),
);

const permissionSet = new Set<string>(ALL_PERMISSIONS);

/** True when the string is a key of the catalogue. */
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}
