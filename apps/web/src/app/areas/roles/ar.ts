import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      roles: 'الأدوار',
      createRole: 'إضافة دور',
    },
  },
  pages: {
    roles: 'قائمة الأدوار',
    roleNew: 'إضافة دور جديد',
    role: 'دور',
    roleUpdate: 'تعديل الدور',
  },
  roles: {
    granted: '{{count}} ممنوحة',
    selectAllOf: 'تحديد كل صلاحيات {{group}}',
    noPermissions: 'هذا الدور لا يمنح أي صلاحية.',
    columns: {
      lastUpdate: 'آخر تحديث',
    },
    list: {
      create: 'إضافة دور جديد',
      search: 'ابحث في الأدوار',
      empty: 'لا توجد أدوار بعد.',
      updateRole: 'تعديل {{title}}',
    },
    form: {
      titleRequired: 'أدخل عنوانًا صحيحًا',
      permissionsRequired: 'اختر صلاحية واحدة على الأقل',
    },
    created: {
      title: 'تم إنشاء الدور',
      body: 'تم إنشاء الدور',
    },
    updated: {
      title: 'تم تعديل الدور',
      body: 'تم تعديل الدور ( {{title}} )',
    },
    danger: {
      title: 'منطقة الخطر',
      help: 'حذف هذا الدور. يرفض الخادم الحذف ما دام مستخدمون أو موظفون يحملونه.',
      confirm: 'سيُحذف الدور "{{title}}". لا يمكنك التراجع عن هذه العملية',
    },
  },
  fields: {
    roles: {
      title: 'العنوان',
      description: 'الوصف',
      permissions: 'الصلاحيات',
    },
  },
};
