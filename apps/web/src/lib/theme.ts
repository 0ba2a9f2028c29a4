import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  other: { appBackground: APP_BACKGROUND },
});
