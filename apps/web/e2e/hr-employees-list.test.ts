import { describe, expect, test } from 'vitest';
import { adminApi, createAccount, signInAsAdmin, unique, uniqueEmail, useBrowser } from './harness';

describe('employees list', () => {
  const browser = useBrowser();

  test("shows an employee's email once, and a filter's whole label", async () => {
    const email = uniqueEmail('once');
    const employee = await createAccount({
      collection: 'employees',
      name: unique('Once Only'),
      email,
    });
    const pb = await adminApi();
    await pb.collection('employees').update(employee.id, { emailVisibility: true });

    // 1440 px wide: every column the list has is shown.
    const page = await browser.newPage({ width: 1440 });
    await signInAsAdmin(page);
    await page.goto(`/hr/employees?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: employee.name });
    await row.waitFor();
    expect(await row.getByText(email, { exact: true }).count()).toBe(1);

    // "Any Employment type" fits its box (it was cut to "Any Employment ty..."): the filter is
    // the browser's own select, so the text's width is measured against the room beside the
    // chevron.
    const filter = page.getByRole('combobox', { name: 'Employment type' });
    const shown = await filter.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = select.selectedOptions[0]?.text ?? '';
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, fits: context.measureText(text).width <= room };
    });
    expect(shown).toEqual({ text: 'Any Employment type', fits: true });
  });
});
