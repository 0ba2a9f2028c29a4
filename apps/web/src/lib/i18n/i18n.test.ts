import { describe, expect, it } from 'vitest';
import { ar } from '../texts/ar';
import { en } from '../texts/en';
import { i18n, initI18n, setLanguage } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// Every source file of the app, as text (Vite's glob import), to find the keys it uses.
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// Each area brings its own texts (src/app/areas/<area>/{en,ar}.ts); they merge into one dictionary.
const areaEn = import.meta.glob('/src/app/areas/*/en.ts', { import: 'en', eager: true });
const areaAr = import.meta.glob('/src/app/areas/*/ar.ts', { import: 'ar', eager: true });

function merged(...trees: unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const tree of trees) {
    for (const [k, v] of flatten(tree as Tree)) {
      expect(out.has(k), `${k} is declared twice`).toBe(false);
      out.set(k, v);
    }
  }
  return out;
}

const enKeys = merged(en, ...Object.values(areaEn));
const arKeys = merged(ar, ...Object.values(areaAr));

describe('translations', () => {
  it('Arabic has every English key, and only those', () => {
    expect([...arKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('keeps the same placeholders in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of enKeys) expect(vars(arKeys.get(key) ?? ''), key).toEqual(vars(text));
  });

  it('every literal key used in the code exists', () => {
    const used = new Set<string>();
    const patterns = [
      /\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'/g,
      /\b(?:label|title): '((?:nav|pages)\.[a-zA-Z.]+)'/g,
    ];
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    for (const text of Object.values(sources)) {
      for (const pattern of patterns) for (const m of text.matchAll(pattern)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    // A counted text is its plural forms (`key_one`… `key_other`), picked by the count.
    const missing = [...used].filter((k) => !enKeys.has(k) && !enKeys.has(`${k}_other`));
    expect(missing).toEqual([]);
  });

  it('switching to Arabic sets rtl, lang and Accept-Language, and is remembered', async () => {
    const { pb } = await import('../pocketbase');
    await initI18n('en');
    await setLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(pb.lang).toBe('ar');
    expect(localStorage.getItem('back-office-language')).toBe('ar');
    // And in a cookie, for the server to name that language's texts in a signed-in page.
    expect(document.cookie).toContain('back-office-language=ar');
    expect(i18n.t('auth.login.submit')).toBe('دخول');
    await setLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(pb.lang).toBe('en');
    expect(document.cookie).toContain('back-office-language=en');
  });
});
