import { describe, expect, test } from 'vitest';
import {
  adminApi,
  approverApi,
  createAccount,
  signInAsAdmin,
  unique,
  useBrowser,
  type Page,
} from './harness';

/** A field's label, with or without the required mark (`Title *`). */
const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Picks a searchable select's option (a relation picker) by typing part of its label. */
async function pick(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('dialog').getByLabel(labelled(label));
  await box.click();
  await box.fill(text);
  // The picker's own list: the lists' vault filters hold the same names as native options.
  await page.getByRole('listbox').getByRole('option', { name: text }).first().click();
}

/**
 * Fills a number, text or date field of the open dialog, going into it first as a person does
 * (a date field's calendar comes when it is first clicked).
 */
async function fill(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByRole('dialog').getByLabel(labelled(label));
  await field.click();
  await field.fill(value);
}

async function save(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const today = () => new Date().toISOString().slice(0, 10);
const money = (n: number) =>
  `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

describe('finance on the ledger', () => {
  const browser = useBrowser();

  test('donation, transfer, payment and its refusal, cash count, statement', async () => {
    const pb = await adminApi();
    const main = await pb
      .collection('vaults')
      .create({ title: unique('Main'), kind: 'main', active: true });
    const box = await pb
      .collection('vaults')
      .create({ title: unique('Box'), kind: 'cash', active: true });
    const page = await browser.newPage();
    await signInAsAdmin(page);

    // A donation into the main vault.
    const donor = unique('Donor');
    await page.goto('/finance/grants');
    await page.getByRole('button', { name: 'Add donation' }).click();
    await fill(page, 'Donor', donor);
    await fill(page, 'Amount', '500');
    await pick(page, 'Vault', main.title);
    await save(page);
    await page.getByRole('row', { name: new RegExp(donor) }).waitFor();
    expect((await pb.collection('vaults').getOne(main.id)).balance).toBe(500);

    // A transfer to the cash box; the cards show the new balances.
    await page.goto('/finance/vaults');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await pick(page, 'From vault', main.title);
    await pick(page, 'To vault', box.title);
    await fill(page, 'Amount', '200');
    await save(page);
    await expect
      .poll(() => page.getByRole('article', { name: box.title }).textContent())
      .toContain(money(200));

    // An approved expense is paid from the cash box…
    const paid = await pb
      .collection('expenses')
      .create({ beneficiary: unique('Supplier'), amount: 150, date: today(), vault: box.id });
    // Approved by someone else: whoever records an expense does not approve it.
    const approver = await approverApi();
    await approver.collection('expenses').update(paid.id, { status: 'approved' });
    // …and one larger than what is left is refused with the available balance.
    const big = await pb
      .collection('expenses')
      .create({ beneficiary: unique('Big bill'), amount: 500, date: today(), vault: box.id });
    await approver.collection('expenses').update(big.id, { status: 'approved' });
    await page.goto('/finance/expenses');
    // Paying asks first, naming the amount and the vault.
    await page.getByRole('button', { name: `Pay: ${paid.beneficiary}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText(`Pay ${money(150)} for ${paid.beneficiary}, from ${box.title}?`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Pay', exact: true }).click();
    await page
      .getByRole('row', { name: new RegExp(paid.beneficiary) })
      .getByText('Paid', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: `Pay: ${big.beneficiary}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    await page
      .getByText(`Not enough money in ${box.title}: the available balance is 50.00 USD.`)
      .waitFor();
    expect((await pb.collection('expenses').getOne(big.id)).status).toBe('approved');

    // The paid expense's history: created, approved, paid, newest first, and nothing else.
    await page.getByRole('link', { name: `History of ${paid.beneficiary}` }).click();
    await page.getByText(`Only the changes to “${paid.beneficiary}”`).waitFor();
    const entries = page.locator('table tbody tr');
    await expect.poll(() => entries.count()).toBe(3);
    expect(
      (await entries.allInnerTexts()).map((text) => /Created|Updated/.exec(text)?.[0]),
    ).toEqual(['Updated', 'Updated', 'Created']);
    for (const text of await entries.allInnerTexts()) expect(text).toContain(paid.beneficiary);

    // Counting the box: 45.00 found, 5.00 short, booked with its reason.
    await page.goto('/finance/vaults');
    await page.getByRole('button', { name: 'Count cash' }).click();
    await pick(page, 'Vault', box.title);
    await fill(page, 'Counted', '45');
    await fill(page, 'Reason', 'Coins missing');
    await save(page);
    await page
      .getByRole('row', { name: /Coins missing/ })
      .first()
      .getByText('-5.00 USD')
      .waitFor();

    // The statement: opening line, each entry with the balance after it.
    await page.getByRole('link', { name: `Statement of ${box.title}` }).click();
    await page.getByTestId('opening-line').waitFor();
    const table = page.getByRole('table', { name: 'Ledger entries with running balance' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    const balances = await table.locator('tbody tr td:last-child').allTextContents();
    expect(balances).toEqual([money(0), money(200), money(50), money(45)]);
    expect(await pb.collection('vaults').getOne(box.id)).toMatchObject({ balance: 45 });
  });

  test('an asset and its depreciation schedule', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const title = unique('Laptop');
    await page.goto('/finance/assets');
    await page.getByRole('button', { name: 'Add asset' }).click();
    await fill(page, 'Title', title);
    await fill(page, 'Purchase date', '01/01/2024');
    await page.getByRole('dialog').getByLabel(labelled('Purchase date')).press('Tab');
    await fill(page, 'Price', '1200');
    await fill(page, 'Useful life (years)', '3');
    await save(page);
    await page.getByRole('button', { name: `Show the schedule of ${title}` }).click();
    const schedule = page.getByRole('table', { name: `Depreciation schedule: ${title}` });
    await expect.poll(() => schedule.locator('tbody tr').count()).toBe(3);
    expect(await schedule.locator('tbody tr td:nth-child(4)').allTextContents()).toEqual([
      money(400),
      money(400),
      money(400),
    ]);
    await page.getByText(/Book value today: /).waitFor();
  });

  test('an advance is given, paid and partly repaid', async () => {
    const pb = await adminApi();
    const vault = await pb
      .collection('vaults')
      .create({ title: unique('Advance vault'), kind: 'main', active: true });
    await pb
      .collection('donations')
      .create({ donor: 'E2E', amount: 1000, received_on: '2026-01-01', vault: vault.id });
    const employee = await createAccount({ collection: 'employees', name: unique('Employee') });
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/finance/advances');
    await page.getByRole('button', { name: 'Give advance' }).click();
    await pick(page, 'Employee', employee.name);
    await fill(page, 'Amount', '300');
    await fill(page, 'Monthly deduction', '100');
    await pick(page, 'Vault', vault.title);
    await save(page);
    // Who recorded the advance may not approve it: the button says why instead of acting.
    const approve = page.getByRole('button', { name: `Approve: ${employee.name}` });
    expect(await approve.getAttribute('aria-disabled')).toBe('true');
    await approve.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText('Approve: you recorded this advance or it is for you, so someone else does it.')
      .first()
      .waitFor();
    const advance = await pb
      .collection('employee_advances')
      .getFirstListItem(pb.filter('employee = {:e}', { e: employee.id }));
    await (
      await approverApi()
    )
      .collection('employee_advances')
      .update(advance.id, { status: 'approved' });
    await page.reload();
    await page.getByRole('button', { name: `Pay: ${employee.name}` }).click();
    await page
      .getByRole('dialog')
      .getByText(`Pay ${money(300)} for ${employee.name}, from ${vault.title}?`)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: `Record a repayment of ${employee.name}` }).click();
    await fill(page, 'Amount', '120');
    await save(page);
    const row = page.getByRole('row', { name: new RegExp(employee.name) }).first();
    await row.getByText('Partly repaid').waitFor();
    await row.getByText(money(180)).waitFor();
    expect((await pb.collection('vaults').getOne(vault.id)).balance).toBe(820);
  });
  test('the dashboard shows the next grant deadline', async () => {
    const pb = await adminApi();
    const grant = await pb
      .collection('grants')
      .create({ donor: 'E2E donor', title: unique('Grant'), status: 'awarded' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await pb
      .collection('grant_deadlines')
      .create({ grant: grant.id, kind: 'interim_report', due_on: tomorrow });
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/');
    const reminders = page.getByTestId('next-deadlines');
    await reminders.getByText(grant.title).waitFor();
    expect(await reminders.textContent()).toContain('Interim report');
  });
});
