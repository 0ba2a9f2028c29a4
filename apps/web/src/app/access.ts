/**
 * Who may open each screen: one table used by the router (403 page), the sidebar, the command
 * palette and the dashboard shortcuts. The server enforces the same permissions.
 */
import { anyPermission, eitherRule, ownRecord, signedIn, type AccessRule } from '@/lib/permissions';

export const access = {
  dashboard: signedIn,

  employees: anyPermission('employees.read'),
  employeeNew: anyPermission('employees.create'),
  employeeSettings: anyPermission('hr_settings.read'),
  employeeView: eitherRule(anyPermission('employees.read'), ownRecord('employees')),
  employeeUpdate: eitherRule(anyPermission('employees.update'), ownRecord('employees')),

  members: anyPermission('members.read'),
  memberNew: anyPermission('members.create'),
  memberSettings: anyPermission('hr_settings.read'),
  memberView: anyPermission('members.read'),
  memberUpdate: anyPermission('members.update'),

  volunteers: anyPermission('volunteers.read'),
  volunteerNew: anyPermission('volunteers.create'),
  volunteerSettings: anyPermission('hr_settings.read'),
  volunteerView: anyPermission('volunteers.read'),
  volunteerUpdate: anyPermission('volunteers.update'),

  projects: anyPermission('projects.read'),
  projectNew: anyPermission('projects.create'),
  projectView: anyPermission('projects.read'),
  projectUpdate: anyPermission('projects.update'),
  projectReport: anyPermission('projects.read'),
  activityView: anyPermission('activities.read'),

  monitor: anyPermission('activity_monitor.read'),

  backups: anyPermission('settings.read'),

  advances: anyPermission('advances.read'),
  assets: anyPermission('assets.read'),
  expenses: anyPermission('expenses.read'),
  grants: anyPermission('grants.read', 'donations.read'),
  payroll: anyPermission('payroll.read'),
  salarySettings: anyPermission('salary_setting.read'),
  salaryReport: anyPermission('salary_report.read', 'payroll.read_history'),
  vaults: anyPermission('vaults.read'),

  resources: anyPermission('resources.read'),
  topics: anyPermission('topics.read'),
  topicView: anyPermission('topics.read', 'articles.read'),

  users: anyPermission('users.read'),
  userNew: anyPermission('users.create'),
  userView: eitherRule(anyPermission('users.read'), ownRecord('users')),
  userUpdate: eitherRule(anyPermission('users.update'), ownRecord('users')),

  roles: anyPermission('roles.read'),
  roleNew: anyPermission('roles.create'),
  roleView: anyPermission('roles.read'),
  roleUpdate: anyPermission('roles.update'),
} satisfies Record<string, AccessRule>;
