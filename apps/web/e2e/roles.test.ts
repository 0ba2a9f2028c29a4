import { describe, expect, test } from 'vitest';
import { adminApi, createAccount, createRole, signInAsAdmin, unique, useBrowser } from './harness';

describe('roles', () => {
  const browser = useBrowser();

  test('create, view, update and delete a role through the screens', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto('/users/roles');
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    await page.getByRole('link', { name: 'Create New Role' }).click();
    await page.waitForURL((url) => url.pathname === '/users/roles/new');

    // Create: the title and at least one permission are required.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter Valid title').waitFor();
    await page.getByText('Select at least one permission').waitFor();
    const title = unique('Auditors');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Reads the books.');
    await page.getByRole('checkbox', { name: 'Vaults: Read' }).check();
    await page.getByRole('checkbox', { name: 'Select all of Expenses' }).check();
    // Expenses has six actions (create, update, read, remove, approve, pay), plus Vaults: Read.
    expect(await page.getByTestId('granted-count').innerText()).toBe('7 Granted');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Role has been created').waitFor();

    const pb = await adminApi();
    const saved = await pb
      .collection('roles')
      .getFirstListItem(pb.filter('title = {:title}', { title }));
    // The new role is opened.
    await page.waitForURL((url) => url.pathname === `/users/roles/${saved.id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    expect([...saved.permissions].sort()).toEqual(
      [
        'expenses.approve',
        'expenses.create',
        'expenses.pay',
        'expenses.read',
        'expenses.remove',
        'expenses.update',
        'vaults.read',
      ].sort(),
    );
    expect(saved.description).toBe('Reads the books.');

    // The list shows it; its title opens the role.
    await page.goto('/users/roles');
    await page.getByLabel('Search roles').fill(title);
    // The search is sent to the server after a pause: wait for its answer (the header row and
    // this role's row only), so the click below does not land on a row being replaced.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByText('7 Granted').count()).toBe(1);
    await row.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/users/roles/${saved.id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Reads the books.').waitFor();
    await page.getByTestId('permission-group-vaults').waitFor();
    expect(await page.getByTestId('permission-group-users').count()).toBe(0);

    // Update: rename and drop the expenses permissions.
    await page.getByRole('link', { name: 'Update', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/users/roles/${saved.id}/update`);
    const renamed = `${title} (renamed)`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('checkbox', { name: 'Select all of Expenses' }).uncheck();
    expect(await page.getByTestId('granted-count').innerText()).toBe('1 Granted');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText(`Role has been updated ( ${renamed} )`).waitFor();
    await page.waitForURL((url) => url.pathname === `/users/roles/${saved.id}`);
    await page.getByRole('heading', { name: renamed }).waitFor();
    const updated = await pb.collection('roles').getOne(saved.id);
    expect(updated.title).toBe(renamed);
    expect(updated.permissions).toEqual(['vaults.read']);

    // Delete.
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`The role "${renamed}" will be removed.`).waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.waitForURL((url) => url.pathname === '/users/roles');
    await page.getByRole('heading', { name: 'Roles List' }).waitFor();
    await page.getByLabel('Search roles').fill(title);
    await page.getByTestId('empty-state').getByText('No records match your search.').waitFor();
    expect(await page.getByRole('row').filter({ hasText: title }).count()).toBe(0);
    await expect(pb.collection('roles').getOne(saved.id)).rejects.toMatchObject({ status: 404 });
  });

  test('a role still held by an account cannot be deleted, and the message names the holder', async () => {
    const role = await createRole({ permissions: ['projects.read'], title: unique('Held role') });
    const holder = await createAccount({ roles: [role.id], name: unique('Holder Hana') });

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`/users/roles/${role.id}`);
    await page.getByRole('heading', { name: role.title }).waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    const error = dialog.getByTestId('delete-role-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(holder.name);

    // Still there after closing the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/users/roles/${role.id}`);
    const pb = await adminApi();
    expect((await pb.collection('roles').getOne(role.id)).id).toBe(role.id);
  });
});
