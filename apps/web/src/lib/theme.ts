import {
  createTheme,
  DEFAULT_THEME,
  Notification,
  PasswordInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { darken, readableOn } from './contrast';

/** The organisation's purple (#4A148C) at index 7, lighter shades before, darker after. */
export const brandPurple: MantineColorsTuple = [
  '#f4effb',
  '#e4d6f5',
  '#c9adeb',
  '#ab82de',
  '#8e56d2',
  '#732fc6',
  '#5d20a7',
  '#4a148c',
  '#390f6b',
  '#2a0b50',
];

export const PRIMARY_COLOR_HEX = '#4A148C';
export const APP_BACKGROUND = '#F1F5F9';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand: brandPurple },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", Tahoma, Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", Tahoma, Arial, sans-serif',
  },
  cursorType: 'pointer',
  // Focus rings on keyboard focus (:focus-visible) for every Mantine control; inputs, plain
  // links and buttons get theirs in app/styles/global.css.
  focusRing: 'auto',
  other: { appBackground: APP_BACKGROUND },
  components: {
    // The show-password button is reachable with Tab (Mantine leaves it out by default).
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleFocusable: true } }),
    // Toasts are announced politely (Mantine's default role is "alert", which interrupts).
    Notification: Notification.extend({ defaultProps: { role: 'status' } }),
    // A select's list of choices is built when it opens. Mantine keeps every list in the page,
    // hidden, and places each on load: the employees list's four filters cost about 40 ms on a
    // CPU slowed four times, and a form has more selects. (A plain object: `Combobox.extend`
    // would bring the Combobox's code into the sign-in page.)
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const WHITE = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;

/**
 * The light surfaces text sits on: cards and inputs (white), the page, striped and hovered
 * table rows, the tinted table header and the light brand tint of the current sidebar link.
 */
export const TEXT_SURFACES = [WHITE, APP_BACKGROUND, gray[0], gray[1], gray[2], brandPurple[0]];

/**
 * Colour variables that meet WCAG AA (4.5:1 for text) on those surfaces, for Latin and Arabic
 * alike (contrast does not depend on the script). Mantine's defaults do not: dimmed grey is
 * 3.3:1 on white, light badges 3.6-3.8:1, white on a filled green button 2.9:1. Each colour is
 * darkened only as far as needed (see `readableOn`).
 */
export function readableColorVariables(
  colors: Record<string, readonly string[]>,
): Record<string, string> {
  const variables: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(gray[6], TEXT_SURFACES),
    '--mantine-color-placeholder': readableOn(gray[5], [WHITE, gray[0]]),
    '--mantine-color-error': readableOn(DEFAULT_THEME.colors.red[6], TEXT_SURFACES),
    '--mantine-color-anchor': readableOn(brandPurple[7], TEXT_SURFACES),
    // Borders of inputs, checkboxes and default buttons: 3:1 for parts of controls (WCAG 1.4.11).
    '--mantine-color-default-border': readableOn(gray[4], [WHITE, APP_BACKGROUND], 3),
  };
  for (const [name, shades] of Object.entries(colors)) {
    const text = readableOn(shades[6]!, TEXT_SURFACES);
    // Filled buttons and badges carry white text.
    const filled = readableOn(shades[7]!, [WHITE]);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
    // Light badges, alerts and avatar initials: text on the colour's own tint (and its hover).
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [
      shades[1]!,
      shades[2]!,
      ...TEXT_SURFACES,
    ]);
  }
  return variables;
}

/** The variables of each palette, worked out once: Mantine asks on every render of its provider. */
const variablesOf = new WeakMap<object, Record<string, string>>();

/** Passed to MantineProvider: the readable colours above, light scheme only (the app forces it). */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  let light = variablesOf.get(resolved.colors);
  if (!light) {
    light = readableColorVariables(resolved.colors);
    variablesOf.set(resolved.colors, light);
  }
  return { variables: {}, light, dark: {} };
};
