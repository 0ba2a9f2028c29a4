import { describe, expect, test } from 'vitest';
import {
  adminApi,
  createAccount,
  createRole,
  signIn,
  signInAsAdmin,
  unique,
  uniqueEmail,
  useBrowser,
  type Page,
} from './harness';

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The wizard's current step title. */
function stepTitle(page: Page, title: string) {
  return page.getByRole('heading', { level: 2, name: title, exact: true });
}

async function option(kind: string, title: string): Promise<string> {
  const pb = await adminApi();
  return (await pb.collection('employee_options').create({ kind, title })).id;
}

/** A link of the sidebar (the main navigation), by its text. */
function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
    name,
    exact: true,
  });
}

describe('employees', () => {
  const browser = useBrowser();

  test('create through the five steps; the new employee sees only what the role allows', async () => {
    const pb = await adminApi();
    const section = unique('Section');
    const position = unique('Position');
    await option('section', section);
    await option('position', position);
    const allowance = await pb
      .collection('allowance_options')
      .create({ title: unique('Transport'), amount: 50 });
    const role = await createRole({ permissions: ['employees.read', 'members.read'] });
    const name = unique('Huda Musa');
    const email = uniqueEmail('huda');
    const password = 'huda-password-1';

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/employees');
    await page.getByRole('link', { name: 'Create Employee' }).first().click();
    await page.waitForURL((url) => url.pathname === '/hr/employees/new');

    // A too-short name, then Save from the last step: the first step opens with the message.
    await page.getByLabel(/^Name/).fill('Hu');
    await page.getByRole('button', { name: 'Step 5 of 5: Authentication' }).click();
    await stepTitle(page, 'Authentication').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await stepTitle(page, 'Personal').waitFor();
    await page.getByText('Invalid name, the minimum length is 3 characters').waitFor();
    await page.getByText('Input Validation Error').waitFor();

    await page.getByLabel(/^Name/).fill(name);
    await choose(page, 'Sex', 'Female');
    await page.getByRole('button', { name: 'Next' }).click();
    await stepTitle(page, 'Contact').waitFor();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('textbox', { name: 'Phone numbers' }).fill('+249 912 000 111');
    await page.getByRole('textbox', { name: 'Phone numbers' }).press('Enter');
    await page.getByRole('button', { name: 'Next' }).click();
    await stepTitle(page, 'Employment').waitFor();
    await choose(page, 'Section', section);
    await choose(page, 'Position', position);
    await page.getByRole('button', { name: 'Next' }).click();
    await stepTitle(page, 'Salary').waitFor();
    await page.getByLabel(/^Basic salary/).fill('1000');
    await choose(page, 'Add an allowance', new RegExp(`^${allowance.title} \\| 50\\.00 USD$`));
    await page.getByText('1,050.00 USD').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await stepTitle(page, 'Authentication').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('something-else');
    await page.getByRole('checkbox', { name: role.title }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Password confirmation doesn't match the password").waitFor();
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await page.getByRole('button', { name: 'Save' }).click();

    // Saved: the profile opens; the server holds what was typed.
    await page.waitForURL((url) => /^\/hr\/employees\/[a-z0-9]{15}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await pb.collection('employees').getOne(id);
    expect(saved).toMatchObject({
      name,
      email,
      sex: 'Female',
      employment_status: 'Active',
      basic_salary: 1000,
      allowances: [allowance.id],
      roles: [role.id],
      emailVisibility: true,
    });
    expect(saved.phone_numbers).toEqual(['+249912000111']);
    await page.getByRole('tab', { name: 'Salary' }).click();
    await page.getByText('1,050.00 USD').waitFor();
    // No payroll has included them yet: the salary history is empty.
    await page.getByText('No payslip yet').waitFor();

    // The new employee, in a fresh browser context, sees only what the role allows.
    const own = await browser.newPage();
    await signIn(own, email, password);
    expect(await own.getByTestId('nav-module-finance').count()).toBe(0);
    expect(await own.getByTestId('nav-module-users').count()).toBe(0);
    await own.getByTestId('nav-module-hr').click();
    await navLink(own, 'All Employees').waitFor();
    await navLink(own, 'All Members').waitFor();
    expect(await navLink(own, 'Create Employee').count()).toBe(0);
    expect(await navLink(own, 'Employee settings').count()).toBe(0);
    expect(await navLink(own, 'All Roles').count()).toBe(0);
    await own.goto('/hr/employees');
    await own
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .waitFor();
    expect(await own.getByRole('link', { name: 'Create Employee' }).count()).toBe(0);
    // Their own profile shows their salary and sign-in tabs, read-only.
    await own.goto(`/hr/employees/${id}?tab=auth`);
    await own.getByText('Effective permissions').waitFor();
    expect(await own.getByTestId('granted-count').textContent()).toBe('2 Granted');
    expect(await own.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    expect(await own.getByRole('tab', { name: 'Danger zone' }).count()).toBe(0);
    // A screen the role does not allow shows the 403 page.
    await own.goto('/hr/employees/new');
    expect(await own.getByTestId('status-code').textContent()).toBe('403');
    await own.goto('/hr/employees/settings');
    expect(await own.getByTestId('status-code').textContent()).toBe('403');
  });

  test('edit: server errors open their step; people edit only their own fields', async () => {
    const pb = await adminApi();
    const section = unique('Section');
    const position = unique('Position');
    const sectionId = await option('section', section);
    const positionId = await option('position', position);
    const employee = await createAccount({
      collection: 'employees',
      permissions: ['members.read'],
    });
    await pb.collection('employees').update(employee.id, {
      employment_section: sectionId,
      employment_position: positionId,
      basic_salary: 900,
    });
    const other = await createAccount({ collection: 'employees' });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/hr/employees/${employee.id}`);
    await page.getByRole('link', { name: 'Update', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/hr/employees/${employee.id}/update`);
    await page.getByRole('link', { name: `${employee.name} (${employee.email})` }).waitFor();

    // An email another employee uses: the server refuses and the Contact step opens.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^Email/).fill(other.email);
    await page.getByRole('button', { name: 'Step 1 of 5: Personal' }).click();
    const renamed = `${employee.name} Ali`;
    await page.getByLabel(/^Name/).fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await stepTitle(page, 'Contact').waitFor();
    await page.getByText('Value must be unique.').waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(other.email);

    await page.getByLabel(/^Email/).fill(employee.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === `/hr/employees/${employee.id}`);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    expect((await pb.collection('employees').getOne(employee.id)).name).toBe(renamed);

    // Suspend, after confirmation.
    await page.getByRole('tab', { name: 'Authentication' }).click();
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Activate' }).waitFor();
    expect((await pb.collection('employees').getOne(employee.id)).employment_status).toBe(
      'Suspended',
    );
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Suspend' }).waitFor();

    // The employee edits their own record: only the self-editable fields are open.
    const own = await browser.newPage();
    await signIn(own, employee.email, employee.password);
    await own.goto(`/hr/employees/${employee.id}/update`);
    expect(await own.getByLabel(/^Name/).isDisabled()).toBe(true);
    await own.getByRole('button', { name: 'Next' }).click();
    expect(await own.getByLabel(/^Email/).isDisabled()).toBe(true);
    await own.getByLabel('Address').fill('Block 4, Omdurman');
    // And their password, with the current one.
    await own.getByRole('button', { name: 'Step 4 of 4: Authentication' }).click();
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.getByRole('textbox', { name: 'Current password' }).fill('wrong-password');
    await own.getByRole('textbox', { name: 'Password', exact: true }).fill('new-password-22');
    await own.getByRole('textbox', { name: 'Confirm password' }).fill('new-password-22');
    await own.getByRole('button', { name: 'Save' }).click();
    await own.getByText('Missing or invalid old password.').waitFor();
    await own.getByRole('textbox', { name: 'Current password' }).fill(employee.password);
    await own.getByRole('button', { name: 'Save' }).click();
    await own.waitForURL((url) => url.pathname === `/hr/employees/${employee.id}`);
    await own.getByText('Block 4, Omdurman').waitFor();
    // Still signed in (with the new password), and the new password works.
    await own.getByTestId('user-menu').waitFor();
    const check = await browser.newPage();
    await signIn(check, employee.email, 'new-password-22');
  });

  test('tasks: create, complete, edit, remove, ten per page', async () => {
    const pb = await adminApi();
    const employee = await createAccount({ collection: 'employees' });
    for (let i = 1; i <= 10; i += 1) {
      await pb.collection('employee_tasks').create({
        employee: employee.id,
        title: `Seeded task ${String(i).padStart(2, '0')}`,
        due_date: `2030-01-${String(i).padStart(2, '0')}`,
      });
    }

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/hr/employees/${employee.id}?tab=tasks`);
    await page.getByRole('article', { name: 'Seeded task 01' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(10);
    await page.getByText("That's all").waitFor();

    // Create one: the list now has 11, ten shown and "Load more".
    await page.getByRole('button', { name: 'Create new task' }).click();
    await page.getByLabel(/^Subject/).fill('No');
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByText('Invalid subject, the minimum length is 3 characters').waitFor();
    await page.getByLabel(/^Subject/).fill('Prepare the induction');
    await page.getByRole('textbox', { name: 'Due date' }).click();
    await page.getByRole('textbox', { name: 'Due date' }).fill('01/15/2029');
    await page.getByRole('textbox', { name: 'Due date' }).press('Tab');
    await page.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('article', { name: 'Prepare the induction' }).waitFor();
    await page.getByRole('button', { name: 'Load more (1 left)' }).click();
    await page.getByText("That's all").waitFor();
    expect(await page.getByRole('article').count()).toBe(11);

    // Complete it: it moves after the open tasks and is marked done.
    await page.getByRole('checkbox', { name: 'Mark “Prepare the induction” as completed' }).click();
    await page
      .getByRole('checkbox', { name: 'Mark “Prepare the induction” as not completed' })
      .waitFor();
    const created = await pb.collection('employee_tasks').getFirstListItem(
      pb.filter('employee = {:id} && title = {:t}', {
        id: employee.id,
        t: 'Prepare the induction',
      }),
    );
    expect(created.completion_date).not.toBe('');
    expect(created.due_date.slice(0, 10)).toBe('2029-01-15');

    // Edit, then remove after confirmation.
    await page.getByRole('button', { name: 'Edit Prepare the induction' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Subject/)
      .fill('Prepare the staff induction');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article', { name: 'Prepare the staff induction' }).waitFor();
    await page.getByRole('button', { name: 'Remove Prepare the staff induction' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('article', { name: 'Prepare the staff induction' })
      .waitFor({ state: 'detached' });
    expect(
      (
        await pb
          .collection('employee_tasks')
          .getList(1, 1, { filter: pb.filter('id = {:id}', { id: created.id }) })
      ).totalItems,
    ).toBe(0);
  });

  test('settings: options are managed, one in use cannot be removed; an employee is removed', async () => {
    const pb = await adminApi();
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/hr/employees/settings');
    const sections = page.getByRole('region', { name: 'Organisation sections' });
    await sections.waitFor();

    // Add a section through the dialog (at least 2 characters).
    const title = unique('Field Office');
    await sections.getByRole('button', { name: 'Add to Organisation sections' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Title/).fill('F');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Invalid title, the minimum length is 2 characters').waitFor();
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await sections.getByRole('cell', { name: title, exact: true }).waitFor();
    const sectionId = (
      await pb
        .collection('employee_options')
        .getFirstListItem(pb.filter('title = {:title}', { title }))
    ).id;

    // Used by an employee: the server refuses, naming who uses it.
    const employee = await createAccount({ collection: 'employees' });
    await pb.collection('employees').update(employee.id, { employment_section: sectionId });
    await page.reload();
    await sections.getByRole('button', { name: `Remove ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog')
      .getByText(`Cannot delete: still used by Employees (Section): ${employee.name}.`)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await pb.collection('employee_options').getOne(sectionId)).title).toBe(title);

    // Remove the employee from the danger zone; then the section can go.
    await page.goto(`/hr/employees/${employee.id}?tab=danger`);
    await page.getByRole('button', { name: 'Remove employee' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.waitForURL((url) => url.pathname === '/hr/employees');
    await page.goto('/hr/employees/settings');
    await sections.getByRole('button', { name: `Remove ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await sections.getByRole('cell', { name: title, exact: true }).waitFor({ state: 'detached' });
  });
});
