import type { AuditCategory } from '@app/schema';

export type MonitorSection = 'all' | 'hr' | 'projects' | 'finance' | 'website';

/** The categories each monitor page shows (all: no filter). */
export const MONITOR_CATEGORIES: Record<MonitorSection, readonly AuditCategory[]> = {
  all: [],
  hr: ['hr', 'employees', 'members', 'volunteers', 'roles', 'users', 'hr_settings', 'auth'],
  projects: ['projects', 'project_activities'],
  finance: [
    'finance',
    'assets',
    'donations',
    'expenses',
    'payroll',
    'advances',
    'allowances',
    'deductions',
    'vaults',
  ],
  website: ['website', 'web_topics', 'web_articles', 'web_resources'],
};

/** `categories ?= "a" || categories ?= "b"` (any of the record's categories). */
export function categoriesFilter(categories: readonly string[]): string {
  return categories.map((c) => `categories ?= "${c.replace(/[^a-z_]/g, '')}"`).join(' || ');
}
