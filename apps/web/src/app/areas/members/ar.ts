import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';
import { personFieldsAr } from '../person-fields';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      allMembers: 'كل الأعضاء',
      createMember: 'إضافة عضو',
      memberSettings: 'إعدادات الأعضاء',
    },
  },
  pages: {
    members: 'قائمة الأعضاء',
    memberNew: 'إضافة عضو جديد',
    memberSettings: 'إعدادات الأعضاء',
    member: 'عضو',
    memberUpdate: 'تعديل بيانات العضو',
  },
  members: {
    steps: {
      membership: 'العضوية',
    },
    tabs: {
      overview: 'نظرة عامة',
      dues: 'الاشتراكات',
    },
    list: {
      person: 'العضو',
      typeFilter: 'النوع',
      create: 'إنشاء عضو',
      search: 'ابحث بالاسم أو البريد أو الهاتف أو الرقم',
      empty: 'لا يوجد أعضاء بعد.',
      settings: 'إعدادات الأعضاء',
    },
    form: {
      typePlaceholder: 'بلا نوع عضوية',
      noTypes: 'لا توجد أنواع عضوية بعد. أضفها في إعدادات الأعضاء.',
    },
    profile: {
      since: 'عضو منذ {{since}}',
      noJoiningDate: 'تاريخ الانضمام غير مسجّل',
    },
    lapsed: {
      title: 'انتهى الاشتراك',
      body: 'انتهت الاشتراكات المدفوعة في {{date}}. سجّل دفعة في تبويب الاشتراكات لتجديد العضوية.',
    },
    dues: {
      title: 'المدفوعات',
      summary: 'ملخص الاشتراكات',
      totalPaid: 'إجمالي المدفوع',
      payments: 'عدد الدفعات',
      lastPaid: 'آخر دفعة في {{date}}',
      state: 'حالة الاشتراك',
      paidUp: 'مسدَّد',
      noPayments: 'لا توجد دفعات',
      never: 'لم يدفع بعد',
      add: 'إضافة دفعة',
      addTitle: 'إضافة دفعة',
      editTitle: 'تعديل الدفعة',
      edit: 'تعديل الدفعة',
      editOf: 'تعديل دفعة {{date}}',
      removeOf: 'حذف دفعة {{date}}',
      removeConfirm:
        'ستُحذف دفعة {{amount}} بتاريخ {{date}} ويُعاد حساب تاريخ "مدفوع حتى". لا يمكنك التراجع عن هذه العملية',
      added: 'تم تسجيل الدفعة.',
      updated: 'تم تعديل الدفعة.',
      empty: 'لا توجد دفعات بعد.',
      emptyHint: 'كل دفعة تمدّد العضوية: تغطي أشهرها بعد الدفعة السابقة.',
      monthsHint: 'المدة التي تغطيها هذه الدفعة',
      period: 'الفترة',
      amountRequired: 'أدخل مبلغًا لا يقل عن 0.01',
      paidOnRequired: 'أدخل تاريخ الدفع',
      monthsRange: 'أدخل عددًا صحيحًا من الأشهر من 1 إلى 120',
    },
    methods: {
      Cash: 'نقدًا',
      'Bank transfer': 'تحويل بنكي',
      'Mobile money': 'محفظة إلكترونية',
      Cheque: 'شيك',
      Other: 'أخرى',
    },
    types: {
      title: 'أنواع العضوية',
      help: 'لكل نوع رسم ومدة؛ تأخذ الدفعة الجديدة منهما المبلغ وعدد الأشهر.',
      add: 'إضافة نوع عضوية',
      addTitle: 'إضافة نوع عضوية',
      editTitle: 'تعديل نوع العضوية',
      empty: 'لا توجد أنواع عضوية بعد.',
      feeInvalid: 'لا يمكن أن يكون الرسم سالبًا',
      feeEvery: '{{fee}} كل {{months}} شهرًا',
      feeEveryMonth: '{{fee}} كل شهر',
      months: '{{count}} شهرًا',
      oneMonth: 'شهر واحد',
    },
    created: {
      title: 'تم إنشاء العضو',
      body: '{{name}} هو العضو رقم {{number}}',
    },
    updated: {
      title: 'تم تعديل العضو',
      body: 'تم تعديل {{name}}',
    },
    import: {
      title: 'استيراد الأعضاء من CSV',
      done: 'تم استيراد {{count}} عضوًا.',
    },
    danger: {
      help: 'حذف هذا العضو نهائي، ويشمل كل دفعات اشتراكه.',
      confirm: 'سيُحذف {{name}} مع كل دفعات اشتراكه. لا يمكنك التراجع عن هذه العملية',
    },
  },
  fields: {
    membership_types: {
      title: 'العنوان',
      fee: 'الرسوم',
      period_months: 'المدة (بالأشهر)',
      description: 'الوصف',
    },
    members: {
      ...personFieldsAr,
      membership_number: 'الرقم',
      membership_status: 'الحالة',
      membership_type: 'نوع العضوية',
      paid_until: 'مدفوع حتى',
    },
    member_dues: {
      member: 'العضو',
      amount: 'المبلغ',
      paid_on: 'تاريخ الدفع',
      months: 'الأشهر',
      period_start: 'بداية الفترة',
      period_end: 'نهاية الفترة',
      method: 'طريقة الدفع',
      receipt_number: 'رقم الإيصال',
      note: 'ملاحظة',
    },
  },
};
