import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      topics: 'المواضيع والمقالات',
      resources: 'الموارد',
    },
  },
  pages: {
    resources: 'الموارد',
    topics: 'إدارة المواضيع والمقالات',
    topic: 'موضوع',
  },
};
