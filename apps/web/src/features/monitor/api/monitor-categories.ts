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

/**
 * `categories:each ?= "a" || …`: any of the record's categories. (`categories` named alone is the
 * list's JSON text, as in PocketBase, so it needs `:each` to compare one category.)
 */
export function categoriesFilter(categories: readonly string[]): string {
  return categories.map((c) => `categories:each ?= "${c.replace(/[^a-z_]/g, '')}"`).join(' || ');
}
