import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      allOperations: 'كل العمليات',
      monitorHr: 'الموارد البشرية',
      monitorProjects: 'المشاريع',
      monitorFinance: 'المالية',
      monitorWebsite: 'الموقع الإلكتروني',
    },
  },
  pages: {
    monitor: {
      all: 'مراقبة النشاط',
      hr: 'مراقبة النشاط: الموارد البشرية',
      projects: 'مراقبة النشاط: المشاريع',
      finance: 'مراقبة النشاط: المالية',
      website: 'مراقبة النشاط: الموقع الإلكتروني',
    },
  },
  monitor: {
    search: 'ابحث بعنوان السجل أو اسم الشخص',
    who: 'الشخص',
    email: 'البريد الإلكتروني',
    record: 'السجل',
    recordId: 'معرّف السجل',
    ip: 'عنوان IP',
    area: 'القسم',
    from: 'من',
    to: 'إلى',
    openRecord: 'فتح {{name}}',
    viewOf: 'عرض تفاصيل {{name}}',
    when: 'الوقت',
    actor: 'بواسطة',
    action: 'العملية',
    collection: 'المجموعة',
    categories: 'التصنيفات',
    view: 'عرض',
    details: 'عرض البيانات',
    changes: 'التغييرات',
    noChanges: 'لم يتغير أي حقل.',
    valuesWithheld:
      'لا يحق لك الاطلاع على سجلات من هذا النوع: يُظهر سجل النشاط أن سجلًا منها تغيّر، ومن غيّره ومتى، دون محتواه.',
    field: 'الحقل',
    before: 'قبل',
    after: 'بعد',
    oldValue: 'القيمة القديمة',
    newValue: 'القيمة الجديدة',
    historyOf: 'التغييرات على «{{name}}» فقط',
    historyWithHeld: 'التغييرات على «{{name}}» وعلى السجلات التابعة له فقط',
    historyOfRecord: 'التغييرات على سجل واحد فقط',
    showAll: 'عرض كل التغييرات',
    value: 'القيمة',
    yes: 'نعم',
    no: 'لا',
    system: 'النظام',
    empty: 'لا يوجد نشاط مسجّل بعد.',
  },
};
