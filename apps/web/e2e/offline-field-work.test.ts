import { describe, expect, test } from 'vitest';
import {
  adminApi,
  createAccount,
  reloadUnderServiceWorker,
  signIn,
  signInAsAdmin,
  unique,
  useBrowser,
  type Page,
} from './harness';
import {
  activityOf,
  openTimeline,
  photo,
  post,
  postsTitled,
  readyForOffline,
} from './outbox-helpers';

/**
 * Field work without a connection (docs/offline.md, the outbox): an expense with its receipt, an
 * activity's report, a change refused because the account lost the right meanwhile, and an
 * update refused because the record changed meanwhile, then overwritten.
 */

/**
 * With OUTBOX_SHOTS=<dir>, keeps screenshots of the outbox for people to look at:
 * `<dir>/outbox-<step>-<width>-<locale>.png`.
 */
async function shot(page: Page, step: string, width: number, locale: string) {
  const dir = process.env.OUTBOX_SHOTS;
  if (!dir) return;
  await page.waitForTimeout(400); // the drawer's and dialog's opening transitions
  await page.screenshot({ path: `${dir}/outbox-${step}-${width}-${locale}.png` });
}

const outboxLabel = (page: Page) => page.getByTestId('outbox-button').getAttribute('aria-label');

/** Opens an activity's Update dialog, puts `texts` in its report sections, and saves. */
async function updateActivity(
  page: Page,
  texts: Record<string, string>,
  words = { update: 'Update', dialog: 'Update activity', save: 'Save' },
): Promise<void> {
  await page.getByRole('button', { name: words.update, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  for (const [label, text] of Object.entries(texts))
    await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(text);
  await dialog.getByRole('button', { name: words.save }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('field work offline', () => {
  const browser = useBrowser();

  test('an expense with a receipt photo drafted offline is sent once when the connection returns', async () => {
    const api = await adminApi();
    const vaultTitle = unique('Field cash box');
    const vault = await api
      .collection('vaults')
      .create({ title: vaultTitle, kind: 'cash', active: true });
    const beneficiary = unique('Village well repairs');
    const receipt = await photo();

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    await page.goto('/finance/expenses');
    await readyForOffline(page);
    // The vault picker offers offline what it showed online: it is opened once with the
    // connection, as a person preparing for the field would.
    await page.getByRole('button', { name: 'Add expense' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add expense' });
    const picker = dialog.getByRole('combobox', { name: /^Vault/ });
    await picker.click();
    await picker.fill(vaultTitle);
    const option = page.getByRole('listbox', { name: 'Vault' }).getByRole('option', {
      name: vaultTitle,
    });
    await option.waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Add expense' }).click();
    dialog = page.getByRole('dialog', { name: 'Add expense' });
    await dialog.getByLabel(/^Beneficiary/).fill(beneficiary);
    await dialog.getByLabel(/^Amount/).fill('42.5');
    await picker.click();
    await picker.fill(vaultTitle);
    await option.click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt }]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => outboxLabel(page)).toMatch(/^Outbox: 1 waiting · \d+ KB to send$/);
    await page.getByTestId('outbox-button').click();
    const queued = page
      .getByRole('dialog', { name: 'Outbox' })
      .getByRole('listitem', { name: 'Add expense' });
    await queued.getByText(beneficiary).waitFor();
    await queued.getByText('1 file').waitFor();
    await page.keyboard.press('Escape');

    // Back online, the first POST's answer is lost: its retry carries the same key.
    let tries = 0;
    await page.route('**/api/collections/expenses/records', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      tries += 1;
      if (tries === 1) {
        await route.fetch();
        return route.abort('failed');
      }
      return route.continue();
    });
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 30_000 }).toBe(0);
    expect(tries).toBe(2);
    const expenses = await api.collection('expenses').getFullList({
      filter: api.filter('beneficiary = {:b}', { b: beneficiary }),
    });
    expect(expenses).toHaveLength(1);
    expect([expenses[0].amount, expenses[0].vault]).toEqual([42.5, vault.id]);
    expect(expenses[0].receipts).toHaveLength(1);
  });

  test("an activity's participants and narrative report recorded offline are sent with its version", async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Hygiene training'));
    const participants = unique('Forty mothers from the camp');
    const narrative = unique('The session ran under the trees');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    await page.goto(`/activities/${activity.id}`);
    await readyForOffline(page);

    await page.context().setOffline(true);
    const ifMatch: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes(activity.id))
        ifMatch.push(request.headers()['if-match'] ?? '');
    });
    await updateActivity(page, { Participants: participants, 'Activity Details': narrative });
    await page.getByText('No connection: the change is kept in the outbox').first().waitFor();
    await expect.poll(() => outboxLabel(page)).toMatch(/^Outbox: 1 waiting/);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 30_000 }).toBe(0);
    const saved = await api.collection('projects_activities').getOne(activity.id);
    expect(saved.participants).toContain(participants);
    expect(saved.description).toContain(narrative);
    // Sent naming the version the dialog was opened on.
    expect(ifMatch).toEqual([`"${String(activity.updated).replace(' ', 'T')}"`]);
    // The page shows the report once sent.
    await page.getByText(participants).first().waitFor();
  });

  test('a reply to a timeline post written offline waits and is sent once', async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Seed fair'));
    const subject = unique('Question from the field');
    await api.collection('activities_timelines').create({
      activity: activity.id,
      title: subject,
      post: '<p>How many families came?</p>',
    });
    const answer = unique('Sixty families');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    await openTimeline(page, activity.id);
    await page.getByText(subject).first().waitFor();
    await readyForOffline(page);

    await page.context().setOffline(true);
    await page.getByRole('button', { name: `Reply to "${subject}"` }).click();
    const form = page.getByRole('form', { name: `Reply to "${subject}"` });
    await form.getByLabel('Reply Details').fill(answer);
    await form.getByRole('button', { name: 'Send reply' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => outboxLabel(page)).toMatch(/^Outbox: 1 waiting/);
    await page.getByTestId('outbox-button').click();
    await page
      .getByRole('dialog', { name: 'Outbox' })
      .getByRole('listitem', { name: 'Timeline reply' })
      .getByText(answer)
      .waitFor();
    await page.keyboard.press('Escape');

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 30_000 }).toBe(0);
    const [parent] = await postsTitled(activity.id, subject);
    const replies = await api.collection('activities_timelines').getFullList({
      filter: api.filter('reply_to = {:p}', { p: parent.id }),
    });
    expect(replies.map((r) => r.post)).toEqual([`<p>${answer}</p>`]);
    // The timeline shows it under its post once sent.
    await page.getByText(answer).waitFor();
  });

  test('a change the account lost the right to make meanwhile is kept as refused, with the reason', async () => {
    const { activity } = await activityOf(unique('Distribution'));
    const subject = unique('Post without the right');
    const account = await createAccount({
      collection: 'employees',
      permissions: [
        'projects.read',
        'activities.read',
        'activity_timeline.read',
        'activity_timeline.post',
      ],
    });
    const page = await browser.newPage();
    await signIn(page, account.email, account.password);
    await openTimeline(page, activity.id);
    await page.context().setOffline(true);
    await post(page, subject);
    await expect.poll(() => outboxLabel(page)).toMatch(/^Outbox: 1 waiting/);

    // While it waits, the account's role loses the right to post.
    const api = await adminApi();
    await api.collection('roles').update(account.roleId!, {
      permissions: ['projects.read', 'activities.read', 'activity_timeline.read'],
    });
    await page.context().setOffline(false);
    await expect
      .poll(() => outboxLabel(page), { timeout: 20_000 })
      .toMatch(/^Outbox: Nothing waiting · 1 refused/);
    await page.getByTestId('outbox-button').click();
    const item = page
      .getByRole('dialog', { name: 'Outbox' })
      .getByRole('listitem', { name: 'Timeline post' });
    await item.getByText('Refused', { exact: true }).waitFor();
    await item.getByText('You are not allowed to perform this request.').waitFor();
    expect(await postsTitled(activity.id, subject)).toHaveLength(0);

    // Kept until the person says: Discard asks first.
    await item.getByRole('button', { name: 'Discard "Timeline post"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByTestId('outbox-button').count()).toBe(0);
    expect(await postsTitled(activity.id, subject)).toHaveLength(0);
  });

  test('an update refused because the record changed meanwhile is kept, compared, and overwritten when asked', async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Water committee'));
    const mine = unique('My participants list');
    const theirs = unique('Their participants list');

    const page = await browser.newPage({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    await page.goto(`/activities/${activity.id}`);
    await readyForOffline(page);
    await page.context().setOffline(true);
    await updateActivity(page, { Participants: mine });
    await expect.poll(() => outboxLabel(page)).toMatch(/^Outbox: 1 waiting/);

    // Meanwhile, someone else changes the same activity.
    await api.collection('projects_activities').update(activity.id, { participants: theirs });
    await page.context().setOffline(false);
    await expect
      .poll(() => outboxLabel(page), { timeout: 20_000 })
      .toMatch(/^Outbox: Nothing waiting · 1 refused/);
    // Nothing was overwritten.
    expect((await api.collection('projects_activities').getOne(activity.id)).participants).toBe(
      theirs,
    );

    await page.getByTestId('outbox-button').click();
    const panel = page.getByRole('dialog', { name: 'Outbox' });
    const item = panel.getByRole('listitem', { name: 'Update activity' });
    await item
      .getByText(
        'The record was changed by someone else since this change was made; it was not saved.',
      )
      .waitFor();
    await item
      .getByText(/^Someone else changed this record after you made this change\./)
      .waitFor();
    await shot(page, '412', 1440, 'en');

    // Fix and resend shows what the record holds now, and overwrites only when asked.
    await item.getByRole('button', { name: 'Fix and resend "Update activity"' }).click();
    const fix = page.getByRole('dialog', { name: 'Fix and resend: Update activity' });
    await fix.getByText(`Now: ${theirs}`).waitFor();
    // Only where the record now holds something other than this change: not its title.
    expect(await fix.getByText(/^Now: /).count()).toBe(1);
    await shot(page, '412-fix', 1440, 'en');
    await fix.getByRole('button', { name: 'Overwrite with my change' }).click();
    await expect.poll(() => page.getByTestId('outbox-button').count(), { timeout: 20_000 }).toBe(0);
    expect(
      (await api.collection('projects_activities').getOne(activity.id)).participants,
    ).toContain(mine);
  });

  test('in Arabic on a phone, the refusal is said in Arabic', async () => {
    const api = await adminApi();
    const { activity } = await activityOf(unique('Water committee'));
    const page = await browser.newPage({ locale: 'ar', width: 390, height: 844 });
    await signInAsAdmin(page);
    await reloadUnderServiceWorker(page);
    await page.goto(`/activities/${activity.id}`);
    await readyForOffline(page);
    await page.context().setOffline(true);
    await updateActivity(
      page,
      { المشاركون: unique('قائمتي') },
      { update: 'تعديل', dialog: 'تعديل النشاط', save: 'حفظ' },
    );
    await page.getByTestId('outbox-button').waitFor();
    await api.collection('projects_activities').update(activity.id, { participants: 'غيرهم' });
    await page.context().setOffline(false);
    await expect.poll(() => outboxLabel(page), { timeout: 20_000 }).toMatch(/واحد مرفوض/);
    await page.getByTestId('outbox-button').click();
    await page.getByText('غيّر شخص آخر هذا السجل بعد إعداد هذا التغيير؛ لم يُحفظ.').waitFor();
    // The drawer fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, '412', 390, 'ar');
  });
});
