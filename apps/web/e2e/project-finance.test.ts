import PocketBase from 'pocketbase';
import { describe, expect, test } from 'vitest';
import {
  adminApi,
  approverApi,
  createAccount,
  e2e,
  signIn,
  signInAsAdmin,
  unique,
  useBrowser,
  type CreatedAccount,
  type Page,
} from './harness';

const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

async function fill(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('dialog').getByLabel(labelled(label)).fill(value);
}

async function save(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Adds an item to the open request through its dialog. */
async function addItem(
  page: Page,
  item: {
    line: string;
    title: string;
    quantity: string;
    currency: string;
    unit: string;
    rate: string;
  },
): Promise<void> {
  await page.getByRole('button', { name: 'Add Item' }).click();
  const line = page.getByRole('dialog').getByLabel(labelled('Budget line'));
  await line.click();
  await page.getByRole('option', { name: item.line }).first().click();
  await fill(page, 'Item', item.title);
  await fill(page, 'Quantity', item.quantity);
  await fill(page, 'Currency', item.currency);
  await fill(page, 'Unit price', item.unit);
  await fill(page, 'Rate', item.rate);
  await save(page);
  await page.getByRole('row', { name: new RegExp(item.title) }).waitFor();
}

/** A committee member: an active employee who reads projects and their finance. */
async function member(name: string): Promise<CreatedAccount> {
  return createAccount({
    collection: 'employees',
    name: unique(name),
    permissions: ['projects.read', 'project_finance.read'],
  });
}

async function apiAs(account: CreatedAccount): Promise<PocketBase> {
  const pb = new PocketBase(e2e.baseURL);
  await pb.collection('employees').authWithPassword(account.email, account.password);
  return pb;
}

describe('project finance', () => {
  const browser = useBrowser();

  test('a request in two currencies is approved, billed and paid; a member without the flag cannot move it', async () => {
    const admin = await adminApi();
    const project = await admin.collection('projects').create({
      title: unique('Finance project'),
      starting_date: '2026-01-01 00:00:00.000Z',
      end_date: '2026-12-31 00:00:00.000Z',
      status: 'Active',
    });
    const lineTitle = unique('Supplies');
    await admin
      .collection('project_budget_lines')
      .create({ project: project.id, title: lineTitle, budget: 1000 });
    await admin.collection('donations').create({
      project: project.id,
      donor: unique('Donor'),
      amount: 2000,
      received_on: '2026-03-01 00:00:00.000Z',
    });
    const creator = await member('Creator');
    const approver = await member('Approver');
    await admin.collection('project_financial_committees').create({
      project: project.id,
      employee: creator.id,
      can_create: true,
      can_update_status: false,
    });
    await admin.collection('project_financial_committees').create({
      project: project.id,
      employee: approver.id,
      can_create: false,
      can_update_status: true,
    });
    const financeTab = (sub: string) => `/projects/${project.id}?tab=finance&finance=${sub}`;

    // The creator makes the request and its two items.
    const mine = await browser.newPage();
    await signIn(mine, creator.email, creator.password);
    await mine.goto(financeTab('requests'));
    await mine.getByRole('button', { name: 'Add Request' }).click();
    const title = unique('Workshop supplies');
    await fill(mine, 'Request Title', title);
    await save(mine);
    await mine.getByRole('heading', { name: title }).waitFor();
    await addItem(mine, {
      line: lineTitle,
      title: 'Paper reams',
      quantity: '10',
      currency: 'USD',
      unit: '20',
      rate: '1',
    });
    // 2 x 45 EUR at 0.9 EUR to the dollar: 90 EUR, 100 USD.
    await addItem(mine, {
      line: lineTitle,
      title: 'Printer ink',
      quantity: '2',
      currency: 'EUR',
      unit: '45',
      rate: '0.9',
    });
    const ink = mine.getByRole('row', { name: /Printer ink/ });
    await expect.poll(() => ink.textContent()).toContain('90.00 EUR');
    expect(await ink.textContent()).toContain('100.00 USD');
    await expect.poll(() => mine.getByText(/Amount: 300\.00 USD/).count()).toBe(1);

    // Without can_update_status: the move is greyed with its reason, and the server refuses it.
    const greyed = mine.getByRole('button', { name: `Approve: ${title}` });
    expect(await greyed.getAttribute('aria-disabled')).toBe('true');
    await mine
      .getByText(/only members of the project's financial committee who may update the status/)
      .first()
      .waitFor();
    const request = await admin
      .collection('financial_requests')
      .getFirstListItem(admin.filter('title = {:title}', { title }));
    const creatorApi = await apiAs(creator);
    await expect(
      creatorApi.collection('financial_requests').update(request.id, { status: 'APPROVED' }),
    ).rejects.toMatchObject({ status: 403 });

    // The approver approves: the amount is held on the budget line.
    const theirs = await browser.newPage();
    await signIn(theirs, approver.email, approver.password);
    await theirs.goto(`${financeTab('requests')}&request=${request.id}`);
    await theirs.getByRole('button', { name: `Approve: ${title}` }).click();
    await theirs
      .getByRole('dialog')
      .getByText(/300\.00 USD/)
      .waitFor();
    await theirs.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await theirs.getByText('Approved', { exact: true }).first().waitFor();
    const line = await admin
      .collection('project_budget_lines')
      .getFirstListItem(admin.filter('title = {:t}', { t: lineTitle }));
    expect(line.held_amount).toBe(300);

    // Approving the bills before any is attached is refused, with the server's words.
    await theirs.getByRole('button', { name: `Approve bills: ${title}` }).click();
    await theirs.getByRole('dialog').getByRole('button', { name: 'Approve bills' }).click();
    await theirs
      .getByText(/Attach the bills/)
      .first()
      .waitFor();

    // The creator attaches the bill.
    await mine.reload();
    await mine
      .locator('input[type="file"]')
      .last()
      .setInputFiles({
        name: 'bill.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%bill\n'),
      });
    await mine.getByRole('button', { name: /Upload the chosen files/ }).click();
    await mine.getByRole('link', { name: /bill.*\.pdf/ }).waitFor();

    // Bill approval pays it from the project vault.
    await theirs.reload();
    await theirs.getByRole('button', { name: `Approve bills: ${title}` }).click();
    await theirs.getByRole('dialog').getByRole('button', { name: 'Approve bills' }).click();
    await theirs.getByText('Bill approved', { exact: true }).first().waitFor();

    // Budget lines and the overview show the payment.
    await theirs.goto(financeTab('lines'));
    const row = theirs.getByRole('row', { name: new RegExp(lineTitle) });
    await expect.poll(() => row.textContent()).toContain('300.00 USD');
    expect(await row.textContent()).toContain('700.00 USD');
    await theirs.goto(financeTab('overview'));
    const summary = theirs.getByLabel('Vault summary');
    await expect.poll(() => summary.textContent()).toContain('2,000.00 USD');
    // Card labels are shown in capitals: compare without case, spaces folded.
    const text = (await summary.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Total used 300\.00 USD/i);
    expect(text).toMatch(/On hold 0\.00 USD/i);
    expect(text).toMatch(/Remaining in vault 1,700\.00 USD/i);
    expect(text).toMatch(/Free 1,700\.00 USD/i);
  });

  test('the bell tells a committee member a request waits; activity money and the report', async () => {
    const admin = await adminApi();
    const project = await admin.collection('projects').create({
      title: unique('Bell project'),
      starting_date: '2026-01-01 00:00:00.000Z',
      status: 'Active',
    });
    const decider = await member('Decider');
    const asker = await member('Asker');
    await admin.collection('project_financial_committees').create({
      project: project.id,
      employee: decider.id,
      can_create: false,
      can_update_status: true,
    });
    await admin.collection('project_financial_committees').create({
      project: project.id,
      employee: asker.id,
      can_create: true,
      can_update_status: false,
    });

    // The decider is signed in when the request is made: the bell counts it at once.
    const page = await browser.newPage();
    await signIn(page, decider.email, decider.password);
    const bell = page.getByTestId('notifications-bell');
    await bell.waitFor();
    const title = unique('Chairs');
    const request = await (
      await apiAs(asker)
    )
      .collection('financial_requests')
      .create({ project: project.id, title });
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(/[1-9]\d* unread/);
    await bell.click();
    const note = page.getByTestId('notification').filter({ hasText: title });
    await note.click();
    // It opens the request's page and is read from then on.
    await page.getByRole('heading', { name: title }).waitFor();
    expect(page.url()).toContain(`request=${request.id}`);
    await expect
      .poll(async () => {
        const n = await (
          await apiAs(decider)
        )
          .collection('notifications')
          .getFirstListItem(`title ~ "${title}"`);
        return n.read;
      })
      .toBe(true);

    // An activity's donation and expense, booked in the project vault.
    const activity = await admin
      .collection('projects_activities')
      .create({ project: project.id, title: unique('Workshop') });
    const desk = await browser.newPage();
    await signInAsAdmin(desk);
    await desk.goto(`/activities/${activity.id}?tab=finance`);
    await desk.getByRole('button', { name: 'Add Donation' }).click();
    await fill(desk, 'Donor', 'Village council');
    await fill(desk, 'Amount', '250');
    await save(desk);
    await desk.getByRole('row', { name: /Village council/ }).waitFor();
    await desk.getByRole('button', { name: 'Add Expense' }).click();
    await fill(desk, 'Beneficiary', 'Caterer');
    await fill(desk, 'Amount', '40');
    await save(desk);
    // Someone else approves what the desk recorded; the desk pays it, confirming.
    await desk.getByRole('row', { name: /Caterer/ }).waitFor();
    const caterer = await admin
      .collection('expenses')
      .getFirstListItem(admin.filter('activity = {:a}', { a: activity.id }));
    await (await approverApi()).collection('expenses').update(caterer.id, { status: 'approved' });
    await desk.reload();
    await desk.getByRole('button', { name: 'Pay: Caterer' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    const totals = desk.getByLabel("The activity's money");
    await expect
      .poll(async () => (await totals.innerText()).replace(/\s+/g, ' '))
      .toMatch(/Balance 210\.00 USD/i);
    const overview = (await admin.send(`/api/projects/${project.id}/finance/overview`, {})) as {
      donations: number;
      used: number;
      remaining: number;
    };
    expect(overview).toMatchObject({ donations: 250, used: 40, remaining: 210 });

    // The report of the period lists both entries; its CSV downloads.
    await desk.goto(`/projects/${project.id}/finance/report?from=2020-01-01`);
    const entries = desk.getByRole('table', { name: 'Entries of the period' });
    await entries.getByRole('row', { name: /Village council/ }).waitFor();
    expect(await entries.getByRole('row').count()).toBe(3);
    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`financial-report-2020-01-01-today.csv`);
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('closing_balance,,,210.00');
  });
});
