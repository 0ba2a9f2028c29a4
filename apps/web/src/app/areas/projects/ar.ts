import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      allProjects: 'كل المشاريع',
      createProjects: 'إضافة مشروع',
    },
  },
  pages: {
    projects: 'قائمة المشاريع',
    projectNew: 'إضافة مشروع جديد',
    project: 'مشروع',
    projectUpdate: 'تعديل تفاصيل المشروع',
    projectReport: 'تقرير المشروع',
    activity: 'النشاط',
  },
};
