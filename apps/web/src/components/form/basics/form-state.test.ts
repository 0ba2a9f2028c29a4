// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formStatus, validateValue } from './form-state';
import { rules } from '../rules';

describe('form status', () => {
  it.each([
    [['valid', 'valid'], 'valid'],
    [['valid', 'invalid'], 'invalid'],
    [['unknown', 'invalid'], 'invalid'],
    [['unknown', 'valid'], 'unknown'],
    [['unknown', 'unknown'], 'unknown'],
    [[], 'valid'],
  ] as const)('%j -> %s', (statuses, expected) => {
    expect(formStatus(statuses)).toBe(expected);
  });
});

describe('field rules', () => {
  const nameRules = [rules.required('Required'), rules.minLength(3, 'Too short')];

  it('gives a pass or an error text', () => {
    expect(rules.required('x')('a')).toBe(true);
    expect(rules.required('x')('  ')).toBe('x');
    expect(rules.required('x')([])).toBe('x');
    expect(rules.email('bad')('someone@example.org')).toBe(true);
    expect(rules.email('bad')('someone@')).toBe('bad');
    expect(rules.minItems(1, 'one')(['a'])).toBe(true);
    expect(rules.minItems(1, 'one')([])).toBe('one');
    expect(rules.sameAs<{ a: string; b: string }>('a', 'mismatch')('x', { a: 'x', b: 'x' })).toBe(
      true,
    );
    expect(rules.sameAs<{ a: string; b: string }>('a', 'mismatch')('y', { a: 'x', b: 'y' })).toBe(
      'mismatch',
    );
  });

  it('shows one error per field by default', () => {
    const always = [() => 'first', () => 'second', () => 'third'];
    expect(validateValue('', always, {})).toEqual(['first']);
    expect(validateValue('', always, {}, 2)).toEqual(['first', 'second']);
  });

  it('stops at the first failing rule in order', () => {
    expect(validateValue('', nameRules, {})).toEqual(['Required']);
    expect(validateValue('ab', nameRules, {})).toEqual(['Too short']);
    expect(validateValue('abc', nameRules, {})).toEqual([]);
  });
});
