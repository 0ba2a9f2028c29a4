import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** النصوص العربية لهذا القسم: المفاتيح نفسها كما في `en.ts`. */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      allUsers: 'كل المستخدمين',
      createUser: 'إضافة مستخدم',
    },
  },
  pages: {
    users: 'قائمة المستخدمين',
    userNew: 'إضافة مستخدم جديد',
    user: 'مستخدم',
    userUpdate: 'تعديل المستخدم',
  },
  users: {
    status: {
      ACTIVE: 'نشط',
      SUSPENDED: 'موقوف',
    },
    columns: {
      user: 'المستخدم',
      email: 'البريد الإلكتروني',
    },
    list: {
      create: 'إضافة مستخدم جديد',
      search: 'ابحث بالاسم أو البريد',
      empty: 'لا يوجد مستخدمون بعد.',
    },
    form: {
      nameRequired: 'أدخل اسم المستخدم الجديد',
      emailInvalid: 'أدخل بريدًا إلكترونيًا صحيحًا',
      statusRequired: 'اختر حالة المستخدم',
      rolesRequired: 'يرجى اختيار دور واحد على الأقل',
      bioPlaceholder: 'أخبرنا عن المستخدم',
      roles: 'اختر الأدوار',
      rolesSelected: '{{count}} محدد',
      noRoles: 'لا توجد أدوار بعد. أنشئ دورًا أولًا.',
    },
    created: {
      title: 'تم إنشاء المستخدم',
      body: 'تم إنشاء المستخدم',
    },
    updated: {
      title: 'تم تعديل المستخدم',
      body: 'تم تعديل المستخدم',
    },
    actions: {
      title: 'الحساب',
      suspend: 'إيقاف الحساب',
      activate: 'تفعيل الحساب',
      suspendHelp: 'لا يستطيع المستخدم الموقوف تسجيل الدخول.',
      activateHelp: 'سيتمكن المستخدم من تسجيل الدخول مجددًا.',
      suspendTitle: 'إيقاف هذا الحساب؟',
      activateTitle: 'تفعيل هذا الحساب؟',
      suspendConfirm: 'لن يتمكن {{name}} من تسجيل الدخول بعد الآن.',
      activateConfirm: 'سيتمكن {{name}} من تسجيل الدخول مجددًا.',
      suspended: 'تم إيقاف الحساب.',
      activated: 'تم تفعيل الحساب.',
      resetPassword: 'إعادة تعيين إلى كلمة المرور الافتراضية',
      resetPasswordHelp:
        'سيدخل المستخدم بكلمة المرور الافتراضية ثم يجب عليه اختيار كلمة مرور جديدة.',
      resetPasswordTitle: 'إعادة تعيين كلمة المرور؟',
      resetPasswordConfirm:
        'ستُستبدل كلمة مرور {{name}} بكلمة المرور الافتراضية. لا يمكنك التراجع عن هذه العملية.',
      passwordReset: 'تمت إعادة تعيين كلمة المرور إلى الافتراضية.',
    },
  },
  fields: {
    users: {
      name: 'الاسم',
      avatar: 'الصورة الشخصية',
      bio: 'نبذة',
      roles: 'الأدوار',
      status: 'الحالة',
    },
  },
};
