import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      assets: 'الأصول',
      donations: 'التبرعات',
      expenses: 'المصروفات',
      vaults: 'الخزائن',
      payroll: 'كشف الرواتب',
      salaryPayments: 'مدفوعات الرواتب',
      advances: 'السلف',
      salarySettings: 'إعدادات الرواتب',
    },
  },
  pages: {
    advances: 'سلف الموظفين',
    assets: 'الأصول',
    expenses: 'المصروفات',
    grants: 'التبرعات',
    payroll: 'رواتب الموظفين',
    salarySettings: 'إعدادات الرواتب',
    salaryReport: 'سجل الرواتب',
    vaults: 'الخزائن',
  },
};
