// @vitest-environment node
import { COLLECTIONS } from '@app/schema';
import { describe, expect, it } from 'vitest';

// Each area's dictionaries; a declared field's name is their `fields.<collection>.<field>`.
const areaEn = import.meta.glob('/src/app/areas/*/en.ts', { import: 'en', eager: true });
const areaAr = import.meta.glob('/src/app/areas/*/ar.ts', { import: 'ar', eager: true });

type Labels = Record<string, Record<string, string>>;
const labelsOf = (areas: Record<string, unknown>): Labels =>
  Object.assign(
    {},
    ...Object.values(areas).map((texts) => (texts as { fields?: Labels }).fields ?? {}),
  ) as Labels;

describe('field labels: one entry per collection and field', () => {
  const en = labelsOf(areaEn);
  const ar = labelsOf(areaAr);

  it('names declared fields only, and every field of a collection it names', () => {
    expect(Object.keys(en)).toContain('donations');
    for (const [collection, labels] of Object.entries(en)) {
      const def = COLLECTIONS.find((c) => c.name === collection);
      expect(def, `fields.${collection}: no such collection`).toBeDefined();
      const declared = def!.fields.map((f) => f.name).sort();
      expect(Object.keys(labels).sort(), `fields.${collection}`).toEqual(declared);
    }
  });

  it('names each of them in Arabic too, with a text of its own', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [collection, labels] of Object.entries(en)) {
      expect(Object.keys(ar[collection]).sort()).toEqual(Object.keys(labels).sort());
      for (const [field, text] of Object.entries(labels)) {
        expect(text, `${collection}.${field}`).not.toBe('');
        expect(ar[collection][field], `${collection}.${field}`).not.toBe(text);
      }
    }
  });
});
