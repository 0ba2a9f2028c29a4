import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  pages: {
    dashboard: 'لوحة التحكم',
  },
  dashboard: {
    greeting: {
      morning: 'صباح الخير يا {{name}}',
      afternoon: 'طاب يومك يا {{name}}',
      evening: 'مساء الخير يا {{name}}',
      night: 'تصبح على خير يا {{name}}',
    },
    subtitle: 'إليك ما يمكنك القيام به اليوم.',
    shortcuts: 'اختصارات',
    noShortcuts: 'أدوارك لا تتيح لك أي شاشة بعد. تواصل مع أحد المسؤولين.',
    recentActivity: 'نشاطك الأخير',
    noActivity: 'لا يوجد نشاط مسجّل بعد.',
  },
};
