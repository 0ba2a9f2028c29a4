import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REFUSALS, refusalParts } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors';
import { languageOf, localiseError, refuse } from '../../src/core/refusals';

/** Every source file of the server, read once. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the refusals catalogue', () => {
  it.each(Object.entries(REFUSALS))(
    '%s says it in English and Arabic, with the same parts',
    (_, entry) => {
      expect(entry.en.trim()).not.toBe('');
      expect(entry.ar.trim()).not.toBe('');
      expect(entry.ar).not.toBe(entry.en);
      expect(refusalParts(entry.ar).sort()).toEqual(refusalParts(entry.en).sort());
    },
  );

  it('holds every validation code the server answers with', () => {
    const src = sources(join(import.meta.dirname, '../../src'));
    const used = new Set(
      src.flatMap((text) => [...text.matchAll(/'(validation_[a-z_]+)'/g)].map((m) => m[1])),
    );
    const known = new Set(Object.values(REFUSALS).map((e) => (e as { code?: string }).code));
    const missing = [...used].filter((code) => !known.has(code)).sort();
    expect(missing).toEqual([]);
  });
});

describe('localising an answer', () => {
  it('writes a refusal again in Arabic, keeping its code and parameters', () => {
    const error = refuse(400, 'workflow.invalid_move', {
      field: 'status',
      words: {
        record: { en: 'expense', ar: 'المصروف' },
        from: { en: 'Pending', ar: 'قيد الانتظار' },
        to: { en: 'Paid', ar: 'مدفوع' },
      },
      params: { from: 'pending', to: 'paid' },
    });
    expect(error.message).toBe('The expense cannot go from Pending to Paid.');
    const ar = localiseError(error, 'ar');
    expect(ar.message).toBe('لا يمكن نقل المصروف من «قيد الانتظار» إلى «مدفوع».');
    expect(JSON.parse(JSON.stringify(ar.data))).toEqual({
      status: {
        code: 'validation_invalid_transition',
        message: ar.message,
        params: { from: 'pending', to: 'paid' },
      },
    });
    // English is the error as made.
    expect(localiseError(error, 'en').message).toBe(error.message);
  });

  it('recognises the engine’s own English by code and text, parameters included', () => {
    const error = new ApiError(400, 'Failed to create record.', {
      title: {
        code: 'validation_min_text_constraint',
        message: 'Must be at least 3 character(s).',
        params: { min: 3 },
      },
      note: { code: 'validation_custom', message: 'Something only this rule says.' },
    });
    const ar = localiseError(error, 'ar');
    expect(ar.message).toBe('تعذّر إنشاء السجل.');
    expect(ar.data.title).toEqual({
      code: 'validation_min_text_constraint',
      message: 'يجب ألا يقل عن 3 من الأحرف.',
      params: { min: 3 },
    });
    // What the catalogue does not hold stays as it was, never half-translated.
    expect(ar.data.note).toEqual({
      code: 'validation_custom',
      message: 'Something only this rule says.',
    });
  });

  it.each([
    ['ar', 'ar'],
    ['ar-SD,ar;q=0.9', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['arabic', 'en'],
  ])('reads Accept-Language %j as %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });
});
