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
  website: {
    saved: 'تم حفظ "{{name}}"',
    editOf: 'تعديل {{name}}',
    removeOf: 'حذف {{name}}',
    removeConfirm: 'حذف "{{name}}"؟ يتوقف الموقع العام عن عرضه فورًا.',
    fields: {
      title: 'العنوان',
      description: 'الوصف',
      shortDescription: 'وصف قصير',
      article: 'المقالة',
      post: 'المنشور',
      cover: 'صورة الغلاف',
      status: 'الحالة',
      publishedAt: 'تاريخ النشر',
      publishedAtHelp:
        'إذا تُرك فارغًا يُضبط على وقت النشر. التاريخ اللاحق يُبقي المنشور مخفيًا حتى حلوله.',
      slug: 'المعرّف في الرابط',
      slugHelp: 'كلمات لاتينية صغيرة مفصولة بشرطات؛ إذا تُرك فارغًا يُنشأ من العنوان.',
      slugInvalid: 'استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات فقط.',
      embed: 'كود التضمين',
      embedHelp:
        'كود مشغّل الفيديو أو البودكاست. تُحفظ المشغّلات الآمنة (https) فقط وتُزال النصوص البرمجية.',
      tags: 'الوسوم',
      attachments: 'المرفقات',
      tooShort: 'اكتب {{min}} حرفًا على الأقل.',
    },
    tags: {
      videos: 'فيديوهات',
      podcasts: 'بودكاست',
      books: 'كتب',
      reports: 'تقارير',
      others: 'أخرى',
    },
    preview: {
      label: 'معاينة',
      of: 'معاينة {{name}}',
      titleOf: 'معاينة: {{name}}',
    },
    topics: {
      title: 'المواضيع',
      help: 'مواضيع مدوّنة الموقع العام. افتح موضوعًا لكتابة مقالاته.',
      empty: 'لا توجد مواضيع بعد',
      add: 'إضافة موضوع',
      addTitle: 'إضافة موضوع',
      editTitle: 'تعديل الموضوع',
    },
    topic: {
      titleOf: 'موضوع: {{name}}',
    },
    articles: {
      title: 'المقالات',
      empty: 'لا توجد مقالات في هذا الموضوع بعد',
      add: 'إضافة مقالة',
      addTitle: 'إضافة مقالة',
      editTitle: 'تعديل المقالة',
      coverOf: 'غلاف {{name}}',
    },
    resources: {
      title: 'كل الموارد',
      help: 'فيديوهات وبودكاست وكتب وتقارير تظهر على الموقع العام بعد نشرها.',
      empty: 'لا توجد موارد بعد',
      add: 'إضافة مورد',
      addTitle: 'إضافة مورد',
      editTitle: 'تعديل المورد',
    },
  },
};
