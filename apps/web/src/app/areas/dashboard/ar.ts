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
    figures: {
      title: 'نظرة سريعة',
      open: 'فتح القائمة',
      none: 'لا شيء بعد.',
      employees: 'الموظفون',
      members: 'الأعضاء',
      dues: 'الاشتراكات المحصّلة هذا الشهر',
      hours: 'ساعات التطوع هذا الشهر',
      activeProjects: 'المشاريع النشطة',
      budgetUsed: 'الميزانية المستخدمة في المشاريع النشطة',
      balance: 'رصيد جميع الخزائن',
      income: 'الإيرادات هذا الشهر',
      spending: 'المصروفات هذا الشهر',
      posts: 'منشورات الموقع هذا الشهر',
      employeesByStatus: 'الموظفون حسب الحالة',
      membersByStatus: 'الأعضاء حسب الحالة',
      volunteersByStatus: 'المتطوعون حسب الحالة',
      projectsByStatus: 'المشاريع حسب الحالة',
      vaults: 'أرصدة الخزائن',
      payrollByMonth: 'صافي الرواتب حسب الشهر',
      lastPayroll: 'صافي رواتب {{month}}',
    },
    statuses: {
      none: 'بلا حالة',
      Active: 'نشط',
      Suspended: 'موقوف',
      Resigned: 'مستقيل',
      On_Leave: 'في إجازة',
      Planned: 'مخطط',
      Closed: 'مغلق',
      Cancelled: 'ملغى',
    },
  },
};
