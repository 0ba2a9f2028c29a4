import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { adminApi, approverApi, createAccount, signInAsAdmin, unique, useBrowser } from './harness';

/** A field's label, with or without the required mark (`Year *`). */
const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

describe('payroll', () => {
  const browser = useBrowser();

  test('draft a run, add a bonus, approve, pay; the vault and the advance move; the payslip PDF', async () => {
    const pb = await adminApi();
    // A funded vault, an employee with a salary and an open advance paid from that vault.
    const vault = await pb
      .collection('vaults')
      .create({ title: unique('Payroll vault'), kind: 'main', active: true });
    await pb.collection('donations').create({
      donor: 'Funder',
      amount: 500_000,
      received_on: '2026-01-02',
      vault: vault.id,
    });
    const name = unique('Nadia Payroll');
    const employee = await createAccount({ collection: 'employees', name });
    await pb
      .collection('employees')
      .update(employee.id, { basic_salary: 900, employment_status: 'Active' });
    const advance = await pb.collection('employee_advances').create({
      employee: employee.id,
      amount: 300,
      monthly_deduction: 120,
      date: '2026-01-03',
      vault: vault.id,
    });
    await (
      await approverApi()
    )
      .collection('employee_advances')
      .update(advance.id, { status: 'approved' });
    await pb.collection('employee_advances').update(advance.id, { status: 'paid' });
    // A month no other test uses.
    const year = 2080 + Math.floor(Math.random() * 20);
    const month = 1 + Math.floor(Math.random() * 12);
    const label = `${year}-${String(month).padStart(2, '0')}`;

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/finance/payroll');
    await page.getByRole('heading', { name: 'Payroll', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New payroll run' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(labelled('Year')).fill(String(year));
    await form.getByLabel(labelled('Month')).fill(String(month));
    const vaultBox = form.getByLabel(labelled('Vault'));
    await vaultBox.click();
    await vaultBox.fill(vault.title);
    await page.getByRole('option', { name: vault.title }).first().click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: `Open the payroll of ${label}` }).click();
    await page.getByRole('heading', { name: `Payroll of ${label}` }).waitFor();

    // The drafted payslip: 900, minus the advance instalment of 120.
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: `Lines of the payslip of ${name}` }).click();
    const lines = page.getByRole('dialog', { name: `Payslip of ${name}` });
    await lines.getByRole('row').filter({ hasText: 'Advance' }).waitFor();
    await lines.getByRole('button', { name: 'Add line' }).click();
    const add = page.getByRole('dialog', { name: `Add a line to the payslip of ${name}` });
    await add.getByLabel(labelled('Title')).fill('Bonus');
    await add.getByLabel(labelled('Amount')).fill('75');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    await lines.getByRole('row').filter({ hasText: 'Bonus' }).waitFor();
    await lines.getByText('855.00').waitFor();
    await page.keyboard.press('Escape');
    await lines.waitFor({ state: 'detached' });

    const run = await pb
      .collection('payroll_runs')
      .getFirstListItem(pb.filter('year = {:year} && month = {:month}', { year, month }));
    const payslip = await pb
      .collection('payslips')
      .getFirstListItem(
        pb.filter('run = {:run} && employee = {:e}', { run: run.id, e: employee.id }),
      );
    expect(payslip.net_pay).toBe(855);
    const before = (await pb.collection('vaults').getOne(vault.id)).balance as number;

    // Who drafted the run does not approve it: the page says so; someone else approves it.
    await page
      .getByText(/Approve: you recorded this payroll run/)
      .first()
      .waitFor();
    await (await approverApi()).collection('payroll_runs').update(run.id, { status: 'approved' });
    await page.reload();
    await page.getByRole('button', { name: /^Pay: / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(`${label}: Paid`).waitFor();

    const paid = await pb.collection('payroll_runs').getOne(run.id);
    expect(paid.status).toBe('paid');
    const after = (await pb.collection('vaults').getOne(vault.id)).balance as number;
    expect(Math.round((before - after) * 100)).toBe(Math.round(paid.total_net * 100));
    expect((await pb.collection('employee_advances').getOne(advance.id)).remaining).toBe(180);

    // The payslip's PDF, read back as text.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `PDF: download the payslip of ${name}` }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(name);
    expect(text).toContain('Bonus');
    expect(text).toContain('855.00');
    expect(text).toContain(label);

    // The month's register: a column per component, or the totals of each kind.
    const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July'];
    const monthName = [...monthNames, 'August', 'September', 'October', 'November', 'December'][
      month - 1
    ]!;
    await page.goto('/finance/salary-report');
    await page.getByLabel(/^Year$/).fill(String(year));
    await page
      .getByLabel(/^Month$/)
      .first()
      .click();
    await page.getByRole('option', { name: monthName, exact: true }).click();
    const register = page.getByRole('table', { name: `Salary register of ${label}` });
    const line = register.getByRole('row').filter({ hasText: name });
    await line.waitFor();
    await register.getByRole('columnheader', { name: 'Bonus (Allowance)' }).waitFor();
    expect(await line.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['900.00 USD', '75.00 USD', '120.00 USD', '855.00 USD']),
    );
    await page.getByText('Totals by kind', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Totals by kind' }).isChecked()).toBe(true);
    await register.getByRole('columnheader', { name: 'Deductions' }).waitFor();
    expect(await register.getByRole('columnheader', { name: 'Bonus (Allowance)' }).count()).toBe(0);
    expect((await register.getByRole('columnheader').allInnerTexts()).map((h) => h.trim())).toEqual(
      ['Employee', 'Basic salary', 'Allowances', 'Deductions', 'Advance instalments', 'Net pay'],
    );
    expect((await line.getByRole('cell').allInnerTexts()).map((c) => c.trim())).toEqual([
      name,
      '900.00 USD',
      '75.00 USD',
      '0.00 USD',
      '120.00 USD',
      '855.00 USD',
    ]);
  }, 180_000);
});
