import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';
import { personFieldsAr } from '../person-fields';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      allVolunteers: 'كل المتطوعين',
      createVolunteer: 'إضافة متطوع',
      volunteerSettings: 'إعدادات المتطوعين',
    },
  },
  pages: {
    volunteers: 'قائمة المتطوعين',
    volunteerNew: 'إضافة متطوع جديد',
    volunteerSettings: 'إعدادات المتطوعين',
    volunteer: 'متطوع',
    volunteerUpdate: 'تعديل بيانات المتطوع',
  },
  volunteers: {
    availability: {
      'Weekday mornings': 'صباح أيام الأسبوع',
      'Weekday afternoons': 'ظهر أيام الأسبوع',
      'Weekday evenings': 'مساء أيام الأسبوع',
      Weekends: 'عطلات نهاية الأسبوع',
      Remote: 'عن بُعد',
    },
    steps: {
      volunteering: 'التطوع',
    },
    tabs: {
      overview: 'نظرة عامة',
      hours: 'الساعات',
    },
    list: {
      person: 'المتطوع',
      skillFilter: 'المهارة',
      create: 'إنشاء متطوع',
      search: 'ابحث بالاسم أو البريد أو الهاتف',
      empty: 'لا يوجد متطوعون بعد.',
      settings: 'إعدادات المتطوعين',
    },
    form: {
      skillsPlaceholder: 'اختر المهارات',
      noSkills: 'لا توجد مهارات بعد. أضفها في إعدادات المتطوعين.',
      availabilityPlaceholder: 'متى يمكنه المساعدة؟',
    },
    profile: {
      since: 'متطوع منذ {{since}}',
      noJoiningDate: 'تاريخ الانضمام غير مسجّل',
    },
    hours: {
      title: 'الساعات المسجّلة',
      summary: 'ملخص الساعات',
      total: 'إجمالي الساعات',
      thisYear: 'هذا العام',
      entries: 'عدد القيود',
      byProject: 'الساعات حسب المشروع',
      noProject: 'بلا مشروع',
      value: '{{hours}} ساعة',
      log: 'تسجيل ساعات',
      logFromActivity: 'تسجيل ساعات متطوع',
      logTitle: 'تسجيل ساعات',
      editTitle: 'تعديل الساعات',
      edit: 'تعديل القيد',
      editOf: 'تعديل قيد {{date}}',
      removeOf: 'حذف قيد {{date}}',
      removeConfirm: 'ستُحذف {{hours}} ساعة بتاريخ {{date}}. لا يمكنك التراجع عن هذه العملية',
      logged: 'تم تسجيل الساعات.',
      updated: 'تم تعديل القيد.',
      empty: 'لم تُسجّل ساعات بعد.',
      emptyHint: 'سجّل الساعات التي يقدّمها هذا المتطوع حسب التاريخ والمشروع.',
      hoursHint: 'من 0.25 إلى 24، مثل 1.5',
      projectPlaceholder: 'بلا مشروع',
      activityPlaceholder: 'مثل: توزيع الغذاء',
      dateRequired: 'أدخل التاريخ',
      dateFuture: 'لا يمكن تسجيل ساعات في المستقبل',
      hoursRange: 'أدخل ساعات من 0.25 إلى 24',
    },
    skills: {
      title: 'المهارات',
      help: 'المهارات التي يمكن أن يملكها المتطوعون؛ تُصفّى القائمة بها.',
      add: 'إضافة مهارة',
      addTitle: 'إضافة مهارة',
      editTitle: 'تعديل المهارة',
      empty: 'لا توجد مهارات بعد.',
    },
    created: {
      title: 'تم إنشاء المتطوع',
      body: 'تم إنشاء {{name}}',
    },
    updated: {
      title: 'تم تعديل المتطوع',
      body: 'تم تعديل {{name}}',
    },
    import: {
      title: 'استيراد المتطوعين من CSV',
      done: 'تم استيراد {{count}} متطوعًا.',
    },
    danger: {
      help: 'حذف هذا المتطوع نهائي، ويشمل كل ساعاته المسجّلة.',
      confirm: 'سيُحذف {{name}} مع كل ساعاته المسجّلة. لا يمكنك التراجع عن هذه العملية',
    },
  },
  fields: {
    volunteer_skills: {
      title: 'العنوان',
      description: 'الوصف',
    },
    volunteers: {
      ...personFieldsAr,
      status: 'الحالة',
      skills: 'المهارات',
      availability: 'أوقات التفرغ',
    },
    volunteer_hours: {
      volunteer: 'المتطوع',
      date: 'التاريخ',
      hours: 'الساعات',
      project: 'المشروع',
      activity: 'النشاط',
      note: 'ملاحظة',
    },
  },
};
