import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, test } from 'vitest';
import { contrastRatio, darken, readableOn } from './contrast';
import {
  brandPurple,
  cssVariablesResolver,
  readableColorVariables,
  TEXT_SURFACES,
  theme,
} from './theme';

const colors = { ...DEFAULT_THEME.colors, brand: brandPurple };
const vars = readableColorVariables(colors);
const worst = (color: string, surfaces: readonly string[]) =>
  Math.min(...surfaces.map((surface) => contrastRatio(color, surface)));

describe('contrast arithmetic', () => {
  test('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's default dimmed grey on white: the 3.32:1 the audit measured.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  test('readableOn keeps a colour that already passes and darkens one that does not', () => {
    expect(readableOn('#4a148c', ['#ffffff'])).toBe('#4a148c');
    const fixed = readableOn('#868e96', ['#ffffff']);
    expect(fixed).not.toBe('#868e96');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Only as dark as needed: not pushed towards black.
    expect(contrastRatio(fixed, '#ffffff')).toBeLessThan(5.5);
  });

  test('readableOn takes the first 2 % step that passes on every surface', () => {
    const surfaces = ['#ffffff', '#f1f5f9'];
    const step = Array.from({ length: 51 }, (_, i) => i).find((i) =>
      surfaces.every((s) => contrastRatio(darken('#ab82de', i / 50), s) >= 4.5),
    )!;
    expect(step).toBeGreaterThan(1);
    expect(readableOn('#ab82de', surfaces)).toBe(darken('#ab82de', step / 50));
  });
});

describe('the CSS variables resolver', () => {
  test('works out a palette once, as Mantine asks on every render', () => {
    const resolved = { ...theme, colors } as Parameters<typeof cssVariablesResolver>[0];
    const first = cssVariablesResolver(resolved);
    expect(first.light).toEqual(vars);
    expect(cssVariablesResolver(resolved).light).toBe(first.light);
    // Another palette is worked out afresh.
    const other = { ...resolved, colors: { ...colors, brand: DEFAULT_THEME.colors.teal } };
    expect(cssVariablesResolver(other).light).not.toBe(first.light);
    expect(cssVariablesResolver(other).light['--mantine-color-brand-text']).toBe(
      vars['--mantine-color-teal-text'],
    );
  });
});

describe('theme colours', () => {
  test('dimmed text, placeholders, errors and links reach 4.5:1 on every surface', () => {
    expect(worst(vars['--mantine-color-dimmed']!, TEXT_SURFACES)).toBeGreaterThanOrEqual(4.5);
    expect(worst(vars['--mantine-color-error']!, TEXT_SURFACES)).toBeGreaterThanOrEqual(4.5);
    expect(worst(vars['--mantine-color-anchor']!, TEXT_SURFACES)).toBeGreaterThanOrEqual(4.5);
    expect(worst(vars['--mantine-color-placeholder']!, ['#ffffff'])).toBeGreaterThanOrEqual(4.5);
  });

  test.each(Object.keys(colors))(
    '%s: text, light badges and filled buttons reach 4.5:1',
    (name) => {
      const shades = colors[name as keyof typeof colors];
      expect(worst(vars[`--mantine-color-${name}-text`]!, TEXT_SURFACES)).toBeGreaterThanOrEqual(
        4.5,
      );
      // Light variant: its own colour on the tint (shade 1, hover shade 2).
      expect(
        worst(vars[`--mantine-color-${name}-light-color`]!, [shades[1]!, shades[2]!]),
      ).toBeGreaterThanOrEqual(4.5);
      // Filled variant: white text on it, also when hovered.
      expect(
        contrastRatio(vars[`--mantine-color-${name}-filled`]!, '#ffffff'),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(vars[`--mantine-color-${name}-filled-hover`]!, '#ffffff'),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );
});
