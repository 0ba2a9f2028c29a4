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
    hints: {
      publishedAtHelp:
        'إذا تُرك فارغًا يُضبط على وقت النشر. التاريخ اللاحق يُبقي المنشور مخفيًا حتى حلوله.',
      slugHelp: 'كلمات لاتينية صغيرة مفصولة بشرطات؛ إذا تُرك فارغًا يُنشأ من العنوان.',
      slugInvalid: 'استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات فقط.',
      embedHelp:
        'كود مشغّل الفيديو أو البودكاست. تُحفظ المشغّلات الآمنة (https) فقط وتُزال النصوص البرمجية.',
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
  fields: {
    blog_topics: {
      title: 'العنوان',
      description: 'الوصف',
    },
    blog_articles: {
      topic: 'الموضوع',
      title: 'العنوان',
      short_description: 'وصف قصير',
      full_text: 'المقالة',
      cover_image: 'صورة الغلاف',
      status: 'الحالة',
      published_at: 'تاريخ النشر',
      slug: 'المعرّف في الرابط',
    },
    website_resources: {
      title: 'العنوان',
      embed_script: 'كود التضمين',
      full_text: 'المنشور',
      tags: 'الوسوم',
      attachments: 'المرفقات',
      status: 'الحالة',
      published_at: 'تاريخ النشر',
      slug: 'المعرّف في الرابط',
    },
  },
};
