// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleText, neededStylesheets, OUTPUT } from './mantine-styles';

describe('the Mantine stylesheets the app loads', () => {
  const sheets = neededStylesheets();

  it('are the ones the code needs today (else: npx tsx apps/web/build/mantine-styles.ts)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(moduleText(sheets));
  });

  it('follow the components the app uses into the ones they are built from', () => {
    // Select draws its list with Combobox in a Popover, inside an Input.
    expect(sheets).toEqual(expect.arrayContaining(['Combobox.css', 'Popover.css', 'Input.css']));
    // Modals stand on ModalBase and Overlay; Checkbox on InlineInput (a utility folder).
    expect(sheets).toEqual(
      expect.arrayContaining(['Modal.css', 'ModalBase.css', 'Overlay.css', 'InlineInput.css']),
    );
  });

  it('leave out the components nobody uses, in the full stylesheet’s order', () => {
    expect(sheets).not.toContain('Slider.css');
    expect(sheets).not.toContain('Rating.css');
    // Mantine's full stylesheet has ScrollArea before Input, and Input before Select's Combobox.
    expect(sheets.indexOf('ScrollArea.css')).toBeLessThan(sheets.indexOf('Input.css'));
    expect(sheets.indexOf('Input.css')).toBeLessThan(sheets.indexOf('Combobox.css'));
  });
});
