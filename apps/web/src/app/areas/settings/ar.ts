import type { Translated } from '@/lib/i18n/dictionary';
import type { en } from './en';

/** Arabic texts of the settings area (backups). */
export const ar: Translated<typeof en> = {
  nav: {
    links: {
      backups: 'النسخ الاحتياطية',
    },
  },
  pages: {
    backups: 'النسخ الاحتياطية',
  },
  backups: {
    intro:
      'تحتوي النسخة الاحتياطية على كل السجلات وكل الملفات المرفوعة كما كانت في لحظة واحدة. نزّل نسخة منها واحفظها في مكان غير هذا الخادم.',
    make: 'إنشاء نسخة احتياطية',
    making: 'جارٍ إنشاء النسخة الاحتياطية…',
    upload: 'رفع نسخة احتياطية',
    uploading: 'جارٍ رفع النسخة الاحتياطية وفحصها…',
    name: 'الاسم',
    size: 'الحجم',
    date: 'التاريخ',
    download: 'تنزيل',
    downloadNamed: 'تنزيل {{name}}',
    restore: 'استعادة',
    restoreNamed: 'استعادة {{name}}',
    delete: 'حذف',
    deleteNamed: 'حذف {{name}}',
    empty: 'لا توجد نسخ احتياطية بعد.',
    emptyHint: 'أنشئ النسخة الأولى الآن، أو ارفع نسخة أُنشئت في مكان آخر.',
    made: 'تم إنشاء النسخة الاحتياطية.',
    uploaded: 'تم رفع النسخة الاحتياطية {{name}}.',
    deleted: 'تم حذف النسخة الاحتياطية {{name}}.',
    deleteTitle: 'حذف النسخة الاحتياطية',
    deleteMessage: 'حذف {{name}}؟ لا يمكنك التراجع عن ذلك.',
    checkTitle: 'استعادة {{name}}',
    checking: 'جارٍ فحص النسخة الاحتياطية: قراءة كل السجلات والملفات…',
    checkOk: 'النسخة الاحتياطية سليمة ويمكن استعادتها.',
    checkFailed: 'لا يمكن استعادة هذه النسخة الاحتياطية',
    madeAt: 'أُنشئت في',
    records: 'السجلات',
    files: 'الملفات',
    tables: 'الجداول: {{count}}',
    continue: 'استعادة…',
    confirmTitle: 'استبدال كل البيانات؟',
    confirmMessage:
      'ستُستبدل كل سجلات وملفات النظام بالنسخة الاحتياطية المؤرخة {{date}} ({{records}} سجلًا، {{files}} ملفًا). ستضيع التغييرات التي جرت بعدها. سيُسجَّل خروج الجميع، وأنت منهم، ويدخلون من جديد بكلمات المرور التي كانت لهم حينها.',
    confirmLabel: 'استبدال واستعادة',
    restored: 'تمت استعادة النسخة الاحتياطية. سجّل الدخول من جديد.',
    scheduleHint:
      'تُنشأ النسخ المجدولة في الأوقات التي يحددها إعداد الخادم BACKUP_CRON، ويُحتفظ بأحدث BACKUP_KEEP منها فقط.',
  },
};
