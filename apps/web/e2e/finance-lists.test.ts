import { readFileSync } from 'node:fs';
import PocketBase from 'pocketbase';
import { describe, expect, test } from 'vitest';
import { adminApi, createAccount, e2e, signInAsAdmin, unique, useBrowser } from './harness';

/**
 * A money list a page at a time from the server: its pages, search, a status filter kept in the
 * address, sorting, and the CSV of the whole filtered list.
 */
describe('money lists', () => {
  const browser = useBrowser();

  test('70 expenses: pages, search, status filter after a reload, sort, CSV', async () => {
    const pb = await adminApi();
    const vault = await pb
      .collection('vaults')
      .create({ title: unique('Lists vault'), kind: 'main', active: true });
    const prefix = unique('Bulk');
    // Dated in the past, so other files' expenses of today stay on their first page.
    const created: { id: string; amount: number }[] = [];
    for (let start = 1; start <= 70; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) => start + i).map((n) =>
          pb.collection('expenses').create({
            beneficiary: `${prefix} ${String(n).padStart(2, '0')}`,
            amount: n,
            date: `2019-01-${String(((n - 1) % 28) + 1).padStart(2, '0')}`,
            vault: vault.id,
          }),
        ),
      );
      created.push(...batch.map((r) => ({ id: r.id, amount: r.amount as number })));
    }
    // Another account approves every seventh (nobody approves what they recorded).
    const approver = await createAccount({
      permissions: ['expenses.read', 'expenses.update', 'expenses.approve'],
    });
    const other = new PocketBase(e2e.baseURL);
    other.autoCancellation(false);
    await other.collection('users').authWithPassword(approver.email, approver.password);
    for (const { id } of created.filter((e) => e.amount % 7 === 0))
      await other.collection('expenses').update(id, { status: 'approved' });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/finance/expenses');
    const summary = page.locator('[aria-live="polite"]').filter({ hasText: ' of ' });

    // Search: the 70, 30 on the first page.
    await page.getByRole('searchbox', { name: 'Search All expenses' }).fill(prefix);
    await expect.poll(() => summary.textContent()).toBe('1–30 of 70');
    const table = page.getByRole('table', { name: 'All expenses' });
    expect(await table.getAttribute('aria-rowcount')).toBe('70');
    await expect.poll(() => page.url()).toContain('q=');

    // The second page.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => summary.textContent()).toBe('31–60 of 70');
    expect(page.url()).toContain('page=2');

    // The status filter, kept in the address through a reload.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
    await expect.poll(() => summary.textContent()).toBe('1–10 of 10');
    expect(page.url()).toContain('status=approved');
    expect(page.url()).not.toContain('page=');
    await page.reload();
    await expect.poll(() => summary.textContent()).toBe('1–10 of 10');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('approved');
    expect(await page.getByRole('searchbox', { name: 'Search All expenses' }).inputValue()).toBe(
      prefix,
    );

    // Sorting by amount: ascending, then descending.
    const firstRow = table.locator('tbody tr').first();
    await page.getByRole('button', { name: 'Sort by Amount' }).click();
    await expect.poll(() => firstRow.textContent()).toContain(`${prefix} 07`);
    expect(page.url()).toContain('sort=amount');
    expect(
      await page.getByRole('columnheader', { name: 'Sort by Amount' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    await page.getByRole('button', { name: 'Sort by Amount' }).click();
    await expect.poll(() => firstRow.textContent()).toContain(`${prefix} 70`);

    // The CSV: every approved one of the search, not only the page shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('expenses.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Beneficiary,Amount,Vault,Grant,Status');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toContain(`${prefix} 70,70,${vault.title},—,approved`);
    expect(
      lines.slice(1).every((line) => line.includes(prefix) && line.endsWith(',approved')),
    ).toBe(true);
  });
});
