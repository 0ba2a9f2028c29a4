import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

const en = {
  hello: 'Hello {{name}}',
  nested: { deep: { text: 'Deep' } },
  only: { english: 'Only English' },
  days_zero: '{{count}} days',
  days_one: '1 day',
  days_two: '2 days',
  days_few: '{{count}} days',
  days_many: '{{count}} days',
  days_other: '{{count}} days',
};
const ar = {
  hello: 'مرحبا {{name}}',
  nested: { deep: { text: 'عميق' } },
  days_zero: 'لا أيام',
  days_one: 'يوم واحد',
  days_two: 'يومان',
  days_few: '{{count}} أيام',
  days_many: '{{count}} يومًا',
  days_other: '{{count}} يوم',
};

function translator(): Translator {
  const t = new Translator();
  t.addTexts('en', en);
  t.addTexts('ar', ar);
  return t;
}

describe('Translator', () => {
  it('finds nested keys and fills placeholders', async () => {
    const i18n = translator();
    expect(i18n.t('nested.deep.text')).toBe('Deep');
    expect(i18n.t('hello', { name: 'Amal' })).toBe('Hello Amal');
    await i18n.changeLanguage('ar');
    expect(i18n.t('hello', { name: 'أمل' })).toBe('مرحبا أمل');
  });

  it('keeps a placeholder without a value in sight', () => {
    expect(translator().t('hello')).toBe('Hello {{name}}');
  });

  it('falls back to English, then to the default, then to the key', async () => {
    const i18n = translator();
    await i18n.changeLanguage('ar');
    expect(i18n.t('only.english')).toBe('Only English');
    expect(i18n.t('missing.key', { defaultValue: '{{who}} did it', who: 'Sami' })).toBe(
      'Sami did it',
    );
    expect(i18n.t('missing.key', 'plain default')).toBe('plain default');
    expect(i18n.t('missing.key')).toBe('missing.key');
    // A branch is not a text.
    expect(i18n.t('nested.deep')).toBe('nested.deep');
  });

  it("picks the language's plural form", async () => {
    const i18n = translator();
    expect([0, 1, 2, 5].map((count) => i18n.t('days', { count }))).toEqual([
      '0 days',
      '1 day',
      '2 days',
      '5 days',
    ]);
    await i18n.changeLanguage('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n.t('days', { count }))).toEqual([
      'لا أيام',
      'يوم واحد',
      'يومان',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
    // A count given as text fills the placeholder without choosing a form.
    expect(i18n.t('hello', { count: '1,200', name: 'x' })).toBe('مرحبا x');
  });

  it('translates into another language on request', () => {
    const i18n = translator();
    expect(i18n.t('nested.deep.text', { lng: 'ar' })).toBe('عميق');
    expect(i18n.fixedT('ar')('days', { count: 2 })).toBe('يومان');
  });

  it('merges later texts key by key without touching the given objects', () => {
    const i18n = new Translator();
    const shell = { nav: { home: 'Home' } };
    const area = { nav: { people: 'People' } };
    i18n.addTexts('en', shell);
    i18n.addTexts('en', area);
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('nav.people')).toBe('People');
    expect(shell).toEqual({ nav: { home: 'Home' } });
  });

  it('keeps one t per language and tells subscribers when the language changes', async () => {
    const i18n = translator();
    expect(i18n.fixedT('en')).toBe(i18n.fixedT('en'));
    expect(i18n.fixedT('ar')).not.toBe(i18n.fixedT('en'));
    const seen: number[] = [];
    const stop = i18n.subscribe(() => seen.push(i18n.version));
    await i18n.changeLanguage('ar');
    await i18n.changeLanguage('ar');
    stop();
    await i18n.changeLanguage('en');
    expect(seen).toEqual([1]);
    expect(i18n.dir()).toBe('ltr');
    expect(i18n.dir('ar')).toBe('rtl');
  });

  it('tells subscribers of new texts only when one that was missing arrives or one changes', () => {
    const i18n = translator();
    let told = 0;
    i18n.subscribe(() => told++);

    // Texts nobody has asked for: nothing on screen can change.
    i18n.addTexts('en', { area: { title: 'Area' } });
    expect(told).toBe(0);

    // A text asked for before it came: the screen shows the key until it arrives.
    expect(i18n.t('later.title')).toBe('later.title');
    i18n.addTexts('en', { other: 'Other' });
    expect(told).toBe(0);
    i18n.addTexts('en', { later: { title: 'Later' } });
    expect(told).toBe(1);
    expect(i18n.t('later.title')).toBe('Later');
    // Once arrived, it is no longer waited for.
    i18n.addTexts('en', { more: 'More' });
    expect(told).toBe(1);

    // A plural asked for with its count arrives in one of its forms.
    expect(i18n.t('items', { count: 3 })).toBe('items');
    i18n.addTexts('en', { items_other: '{{count}} items' });
    expect(told).toBe(2);

    // Shown in English while the Arabic text is missing: its arrival changes the screen.
    const inArabic = i18n.fixedT('ar');
    expect(inArabic('only.english')).toBe('Only English');
    i18n.addTexts('ar', { only: { english: 'بالعربية' } });
    expect(told).toBe(3);
    expect(inArabic('only.english')).toBe('بالعربية');

    // A text that changes, and the same text again.
    i18n.addTexts('en', { area: { title: 'Renamed area' } });
    expect(told).toBe(4);
    i18n.addTexts('en', { area: { title: 'Renamed area' } });
    expect(told).toBe(4);
  });
});
