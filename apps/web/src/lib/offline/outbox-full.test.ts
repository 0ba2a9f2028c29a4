import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { OUTBOX_LIMITS, OutboxFullError } from './outbox';
import { outboxFullMessage } from './outbox-runtime';

// The Arabic texts load with the language (on demand, as in the app).
beforeAll(async () => {
  await setLanguage('ar');
  await setLanguage('en');
});

describe('the outbox is full', () => {
  it('says so with its limits, in the person’s language', () => {
    const error = new OutboxFullError(OUTBOX_LIMITS);
    expect(outboxFullMessage(error, 'en')).toBe(
      'The outbox is full: at most 100 MB and 500 changes may wait on this device. This change was not kept. Send what waits (once the connection returns), or discard some of it, then save again.',
    );
    expect(outboxFullMessage(error, 'ar')).toBe(
      'صندوق الصادر ممتلئ: لا يتسع هذا الجهاز لأكثر من 100 ميغابايت و500 تغيير تنتظر الإرسال. لم يُحفظ هذا التغيير. أرسل ما ينتظر (عند عودة الاتصال) أو تخلّص من بعضه، ثم احفظ من جديد.',
    );
  });
});
