// @vitest-environment node
import { documentT, plural, pluralForm, PROJECT_REPORT_AR, PROJECT_REPORT_EN } from '@app/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';

// The Arabic texts load with the language (on demand, as in the app).
beforeAll(async () => {
  await setLanguage('ar');
  await setLanguage('en');
});

/**
 * Counted phrases take the language's own plural forms (Intl.PluralRules), the same on the
 * screens (the translator's `key_one`, `key_few`… keys) and on the documents the server prints.
 */
describe('plural forms', () => {
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'two'],
    [3, 'few'],
    [10, 'few'],
    [11, 'many'],
    [99, 'many'],
    [100, 'other'],
    [102, 'other'],
    [103, 'few'],
  ])('Arabic counts %i as %s', (count, form) => {
    expect(pluralForm('ar', count)).toBe(form);
  });

  it('English has one and other only', () => {
    expect([0, 1, 2, 5].map((n) => pluralForm('en', n))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ]);
  });

  it('picks the text of the form, falling back to other, and fills the count', () => {
    const texts = { zero: 'none', one: 'one item', other: '{{count}} items' };
    expect(plural('en', 0, texts)).toBe('none');
    expect(plural('en', 1, texts)).toBe('one item');
    expect(plural('en', 7, texts)).toBe('7 items');
    expect(plural('ar', 3, texts)).toBe('3 items');
  });

  it.each([
    [0, 'لا أنشطة في هذا المشروع بعد.'],
    [1, 'في هذا المشروع نشاط واحد.'],
    [2, 'في هذا المشروع نشاطان.'],
    [5, 'في هذا المشروع 5 أنشطة.'],
    [12, 'في هذا المشروع 12 نشاطًا.'],
    [100, 'في هذا المشروع 100 نشاط.'],
  ])('the report counts %i activities in Arabic as the PDF does', (count, text) => {
    expect(documentT(PROJECT_REPORT_AR, 'ar')('count', { count })).toBe(text);
    expect(i18n.t('projects.report.count', { count, lng: 'ar' })).toBe(text);
  });

  it('the report says "1 activity" and "2 activities" in English, on screen and in the PDF', () => {
    for (const [count, text] of [
      [1, 'This project has 1 activity.'],
      [2, 'This project has 2 activities.'],
    ] as const) {
      expect(documentT(PROJECT_REPORT_EN, 'en')('count', { count })).toBe(text);
      expect(i18n.t('projects.report.count', { count, lng: 'en' })).toBe(text);
    }
  });

  it.each([
    [1, 'اكتب حرفًا واحدًا آخر'],
    [2, 'اكتب حرفين آخرين'],
    [4, 'اكتب {{count}} أحرف أخرى'],
    [20, 'اكتب {{count}} حرفًا آخر'],
    [100, 'اكتب {{count}} حرف آخر'],
  ])('the character counter asks for %i more characters in Arabic', (count, text) => {
    expect(i18n.t('form.counter.more', { count, lng: 'ar' })).toBe(
      text.replace('{{count}}', String(count)),
    );
  });
});
