import { AUDIT_CATEGORIES, COLLECTIONS } from '@app/schema';
import { describe, expect, it } from 'vitest';
import { ar } from '@/lib/texts/ar';
import { en } from '@/lib/texts/en';
import type { TFunction } from '@/lib/i18n/translator';
import { Translator } from '@/lib/i18n/translator';
import * as areasAr from '@/app/areas/texts-ar';
import * as areasEn from '@/app/areas/texts-en';
import {
  activitySentence,
  categoryLabel,
  parentOf,
  choiceLabel,
  collectionLabel,
  fieldLabel,
  recordHref,
  recordName,
} from './activity-words';

// A dictionary stand-in that shows which key and values were asked for.
const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).some((k) => k !== 'defaultValue')
    ? `${key}(${Object.entries(values)
        .filter(([k]) => k !== 'defaultValue')
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(',')})`
    : key) as unknown as TFunction;

// The real dictionaries, as the app loads them: the shell's texts, then each area's.
const translator = new Translator();
translator.addTexts('en', en);
translator.addTexts('ar', ar);
for (const texts of Object.values(areasEn)) translator.addTexts('en', texts);
for (const texts of Object.values(areasAr)) translator.addTexts('ar', texts);
const inLanguage =
  (lng: 'en' | 'ar'): TFunction =>
  (key, options = {}) =>
    translator.t(key, {
      ...(typeof options === 'string' ? { defaultValue: options } : options),
      lng,
    });

describe('activity in words', () => {
  it('names the collection, the record and the person', () => {
    expect(collectionLabel(t, 'blog_articles')).toBe('activity.collections.blog_articles');
    expect(
      recordName(t, { action: 'UPDATE', collection: 'blog_articles', record_title: 'A well' }),
    ).toBe('A well');
    // Without a title: the collection and a short id.
    expect(
      recordName(t, { action: 'UPDATE', collection: 'member_dues', record: 'abcdefghijklmno' }),
    ).toBe('activity.recordOf(collection=activity.collections.member_dues,id=abcdef)');
    expect(
      activitySentence(t, {
        action: 'CREATE',
        actor_name: 'Sara',
        collection: 'blog_topics',
        record_title: 'Water',
      }),
    ).toBe('activity.sentences.CREATE(who=Sara,what=activity.collections.blog_topics,name=Water)');
    expect(activitySentence(t, { action: 'SIGN_IN', actor_name: 'Sara' })).toBe(
      'activity.sentences.SIGN_IN(who=Sara)',
    );
  });

  it('links to the record, its parent or its list', () => {
    expect(recordHref({ action: 'UPDATE', collection: 'projects', record: 'p1' })).toBe(
      '/projects/p1',
    );
    expect(recordHref({ action: 'DELETE', collection: 'projects', record: 'p1' })).toBe(
      '/projects',
    );
    expect(
      recordHref({
        action: 'CREATE',
        collection: 'blog_articles',
        record: 'a1',
        after: { topic: 't1' },
      }),
    ).toBe('/manage-website/topics/t1');
    expect(
      recordHref({
        action: 'DELETE',
        collection: 'member_dues',
        record: 'd1',
        before: { member: 'm1' },
        after: null,
      }),
    ).toBe('/hr/members/m1');
    expect(recordHref({ action: 'UPDATE', collection: 'expenses', record: 'e1' })).toBe(
      '/finance/expenses',
    );
    expect(recordHref({ action: 'SIGN_IN' })).toBeNull();
    // Payroll: a run has its page, a payslip is on its run's.
    expect(recordHref({ action: 'UPDATE', collection: 'payroll_runs', record: 'r1' })).toBe(
      '/finance/payroll/r1',
    );
    expect(
      recordHref({ action: 'CREATE', collection: 'payslips', record: 's1', after: { run: 'r1' } }),
    ).toBe('/finance/payroll/r1');
    // A project's money records open its Finance tab on their own pill tab (a request itself).
    expect(
      recordHref({
        action: 'UPDATE',
        collection: 'financial_requests',
        record: 'q1',
        after: { project: 'p1' },
      }),
    ).toBe('/projects/p1?tab=finance&finance=requests&request=q1');
    // A deleted request: its tab's list.
    expect(
      recordHref({
        action: 'DELETE',
        collection: 'purchases',
        record: 'u1',
        before: { project: 'p1' },
        after: null,
      }),
    ).toBe('/projects/p1?tab=finance&finance=purchases');
  });

  it('names fields as their screens do, else by the shared names, else in words', () => {
    const en_ = inLanguage('en');
    const ar_ = inLanguage('ar');
    expect(fieldLabel(en_, 'employee_advances', 'monthly_deduction')).toBe('Monthly deduction');
    expect(fieldLabel(en_, 'employees', 'basic_salary')).toBe('Basic salary');
    expect(fieldLabel(en_, 'payslips', 'net_pay')).toBe('Net pay');
    expect(fieldLabel(ar_, 'payslips', 'net_pay')).toBe('صافي الراتب');
    // A field no dictionary names (payslips' totals have their own entries now).
    expect(fieldLabel(en_, 'user_activities', 'record_title')).toBe('record title');
    expect(categoryLabel(ar_, 'finance')).toBe('المالية');
  });

  it('names a field by its one entry (fields.<collection>.<field>) where it has one', () => {
    expect(fieldLabel(inLanguage('en'), 'donations', 'receipt_number')).toBe('Receipt number');
    expect(fieldLabel(inLanguage('ar'), 'donations', 'receipt_number')).toBe('رقم الإيصال');
    expect(fieldLabel(inLanguage('en'), 'donations', 'transaction_fees')).toBe('Transaction fees');
  });

  it('has a name for every audit category in both languages', () => {
    for (const dictionary of [en, ar])
      expect(AUDIT_CATEGORIES.filter((c) => !(c in dictionary.activity.categories))).toEqual([]);
  });

  it('has a name for every audited collection in both languages', () => {
    // Without one, the monitor showed the table's name ("payroll_runs") to the reader.
    const audited = COLLECTIONS.filter((c) => c.audit.length > 0).map((c) => c.name);
    const unnamed = (dictionary: { activity: { collections: object } }) =>
      audited.filter((name) => !(name in dictionary.activity.collections));
    expect(unnamed(en)).toEqual([]);
    expect(unnamed(ar)).toEqual([]);
  });

  it('names every choice of every audited select field in both languages', () => {
    // Without a name the details showed the stored choice ("partly_repaid") on both screens.
    const unnamed: string[] = [];
    for (const lng of ['en', 'ar'] as const)
      for (const collection of COLLECTIONS.filter((c) => c.audit.length > 0))
        for (const field of collection.fields)
          if (field.type === 'select')
            for (const value of field.values)
              if (!choiceLabel(inLanguage(lng), collection.name, field.name, value))
                unnamed.push(`${lng} ${collection.name}.${field.name} ${value}`);
    expect(unnamed).toEqual([]);
    expect(choiceLabel(inLanguage('en'), 'employee_advances', 'status', 'partly_repaid')).toBe(
      'Partly repaid',
    );
    expect(choiceLabel(inLanguage('en'), 'roles', 'permissions', 'employees.read_salary')).toBe(
      'Employees: Read salary',
    );
    expect(choiceLabel(inLanguage('en'), 'employee_advances', 'purpose', 'x')).toBe('');
  });

  it("links a held record to its parent's page by the schema's heldBy", () => {
    expect(parentOf('blog_articles')).toEqual({ collection: 'blog_topics', field: 'topic' });
    expect(parentOf('expenses')).toBeNull();
    // Every record with a parent's page belongs to that parent in the schema. (Some records
    // belong to a parent without a page of its own, as a request's items and comments.)
    for (const c of COLLECTIONS.filter((c) => c.audit.length > 0 && parentOf(c.name))) {
      const relation = c.fields.find((f) => f.name === c.heldBy);
      expect(relation?.type === 'relation' && relation.collection, c.name).toBe(
        parentOf(c.name)?.collection,
      );
      expect(c.heldBy, c.name).toBe(parentOf(c.name)?.field);
    }
  });
});
