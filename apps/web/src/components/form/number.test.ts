// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clampNumber,
  NUMBER_MAX,
  NUMBER_MIN,
  parseNumeric,
  sanitizeNumeric,
  stepNumber,
} from './number';

describe('number input rules', () => {
  it.each([
    ['123', '123'],
    ['12a3', '123'],
    ['abc-12.3.4', '-12.34'],
    ['1-2', '12'],
    ['--5', '-5'],
    ['-', '-'],
    ['.5', '.5'],
    ['1.2.3', '1.23'],
    ['1e5', '15'],
    ['+7', '7'],
    [' 4 2 ', '42'],
    ['١٢', ''],
  ])('keeps only digits, a leading minus and one point: %j -> %j', (raw, expected) => {
    expect(sanitizeNumeric(raw)).toBe(expected);
  });

  it('refuses the minus or the point when they are not allowed', () => {
    expect(sanitizeNumeric('-1.5', { allowNegative: false })).toBe('1.5');
    expect(sanitizeNumeric('-1.5', { allowDecimal: false })).toBe('-15');
  });

  it.each([
    ['', null],
    ['-', null],
    ['.', null],
    ['-.', null],
    ['-12.5', -12.5],
    ['0', 0],
    ['.5', 0.5],
  ])('parses %j as %j', (text, expected) => {
    expect(parseNumeric(text)).toBe(expected);
  });

  it('clamps to min and max, the safe-integer range by default', () => {
    expect(NUMBER_MIN).toBe(Number.MIN_SAFE_INTEGER);
    expect(NUMBER_MAX).toBe(Number.MAX_SAFE_INTEGER);
    expect(clampNumber(5, 0, 3)).toBe(3);
    expect(clampNumber(-5, 0, 3)).toBe(0);
    expect(clampNumber(2, 0, 3)).toBe(2);
    expect(clampNumber(Number.MAX_SAFE_INTEGER * 4)).toBe(Number.MAX_SAFE_INTEGER);
    expect(clampNumber(-Number.MAX_SAFE_INTEGER * 4)).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('steps by 1 and stays within the bounds', () => {
    expect(stepNumber(1, 1)).toBe(2);
    expect(stepNumber(1, -1)).toBe(0);
    expect(stepNumber(0.1, 1)).toBe(1.1);
    expect(stepNumber(3, 1, { min: 0, max: 3 })).toBe(3);
    expect(stepNumber(0, -1, { min: 0, max: 3 })).toBe(0);
    expect(stepNumber(null, 1)).toBe(0);
    expect(stepNumber(null, 1, { min: 5, max: 10 })).toBe(5);
  });
});
