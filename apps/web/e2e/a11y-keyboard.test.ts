/**
 * Keyboard only (issue 16): sign in, open a sidebar section, open a record, change a field and
 * save, with Tab / Enter / typing alone, in English (1440 px, sidebar shown) and in Arabic on a
 * phone (390 px: the sidebar is a drawer opened with the keyboard); then the command palette with
 * Ctrl+K. And a table wider than the screen, scrolled with the arrow keys.
 */
import { describe, expect, test } from 'vitest';
import { adminApi, e2e, signInAsAdmin, unique, useBrowser, type Page } from './harness';

type Target = { selector: string; text?: string };

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, target: Target, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(({ selector, text }) => {
      const el = document.activeElement;
      return !!el?.matches(selector) && (text === undefined || el.textContent?.trim() === text);
    }, target);
    if (reached) return;
  }
  throw new Error(`Tab did not reach ${target.selector} ${target.text ?? ''}`);
}

/** The focused element draws a visible outline (the theme's focus ring). */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
}

/**
 * With A11Y_SHOTS=<dir>, keeps screenshots of the focus ring (and the theme's text colours
 * around it) for people to look at: `<dir>/<step>-<width>-<locale>.png`.
 */
async function shot(page: Page, step: string, locale: string, width: number) {
  const dir = process.env.A11Y_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/a11y-${step}-${width}-${locale}.png` });
}

const TEXT = {
  en: { update: 'Update' },
  ar: { update: 'تعديل' },
} as const;

describe('keyboard only', () => {
  const browser = useBrowser();

  for (const [locale, width] of [
    ['en', 1440],
    // A tablet held upright: the sidebar is a drawer there too.
    ['en', 800],
    ['ar', 390],
  ] as const) {
    test(`${locale} at ${width} px: sign in, open a section, open a member, rename, save`, async () => {
      const api = await adminApi();
      const name = unique('Keyboard Member');
      const member = await api.collection('members').create({ name, membership_status: 'Active' });

      const page = await browser.newPage({ locale, width });
      await page.goto('/auth/login');
      // The email field has focus on arrival.
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('autocomplete') === 'username',
      );
      await page.keyboard.type(e2e.adminEmail);
      await tabTo(page, { selector: '#login-password' });
      await page.keyboard.type(e2e.adminPassword);
      // The show-password button is reachable with Tab and tells its state.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe(
        'false',
      );
      await page.keyboard.press('Enter');
      expect(await page.locator('#login-password').getAttribute('type')).toBe('text');
      await tabTo(page, { selector: 'button[type="submit"]' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      await page.getByTestId('user-menu').waitFor();

      if (width < 992) {
        // The closed drawer holds no Tab stop: from the top, Tab goes through the top bar
        // into the page, never into the hidden sidebar.
        await page.locator('h1').first().waitFor();
        // The closed drawer is not even built yet: its links come when it first opens.
        expect(await page.locator('.mantine-AppShell-navbar a').count()).toBe(0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          expect(
            await page.evaluate(
              () => !!document.activeElement?.closest('.mantine-AppShell-navbar'),
            ),
          ).toBe(false);
        }
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await tabTo(page, { selector: '.mantine-Burger-root' });
        await page.keyboard.press('Enter');
        // Opening the drawer puts focus on its close button.
        await page.waitForFunction(
          () => !!document.activeElement?.closest('.mantine-AppShell-navbar'),
        );
        // While it is open, the top bar and the page it covers are out of reach: Tab goes round
        // the drawer's own stops (and the browser's), never behind it.
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => !!document.activeElement?.closest('header, main'))).toBe(
            false,
          );
        }
      }

      // The section header is a button that says whether it is open.
      const section = '[data-testid="nav-module-hr"]';
      await tabTo(page, { selector: section });
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
      expect(await page.locator(section).getAttribute('aria-expanded')).toBe('false');
      const ring = await focusRing(page);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      await shot(page, 'focus-section', locale, width);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator(section).getAttribute('aria-expanded')).toBe('true');

      await tabTo(page, { selector: 'a[href="/hr/members"]' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/hr/members');
      // After the route change, focus is on the page's heading.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

      await tabTo(page, { selector: `a[href="/hr/members/${member.id}"]` });
      await shot(page, 'focus-list-link', locale, width);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/hr/members/${member.id}`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

      await tabTo(page, { selector: `a[href="/hr/members/${member.id}/update"]` });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/hr/members/${member.id}/update`);

      const nameInput = `input[value="${name}"]`;
      await page.locator(nameInput).waitFor();
      await tabTo(page, { selector: nameInput });
      await shot(page, 'focus-input', locale, width);
      const renamed = `${name} renamed`;
      await page.keyboard.press('End');
      await page.keyboard.type(' renamed');
      await tabTo(page, { selector: 'button', text: TEXT[locale].update });
      await page.keyboard.press('Enter');

      await page.waitForURL((url) => url.pathname === `/hr/members/${member.id}`);
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      expect((await api.collection('members').getOne(member.id)).name).toBe(renamed);
      // The save's passing message shows (its container is fetched with the first message), as
      // a polite status for screen readers.
      await page.locator('.mantine-Notification-root[role="status"]').first().waitFor();

      // Ctrl+K opens the command palette (fetched on its first opening) with focus in its
      // search; Escape closes it and gives the focus back to the page's heading, which had it.
      const inSearch = () =>
        page.waitForFunction(
          () => !!document.activeElement?.classList.contains('mantine-Spotlight-search'),
        );
      await page.keyboard.press('Control+K');
      await inSearch();
      await page.keyboard.press('Escape');
      await page.waitForFunction(
        (name) =>
          document.activeElement?.tagName === 'H1' && document.activeElement.textContent === name,
        renamed,
      );
      // Opened again, a screen's address finds it in either language, the first match is
      // selected, and Enter goes there.
      await page.keyboard.press('Control+K');
      await inSearch();
      await page.keyboard.type('/hr/volunteers');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/hr/volunteers');
    });
  }

  for (const locale of ['en', 'ar'] as const) {
    test(`${locale}: a table wider than the screen is a named region the arrow keys scroll`, async () => {
      const api = await adminApi();
      const vault = await api
        .collection('vaults')
        .create({ title: unique('Vault'), kind: 'main', active: true });
      await api.collection('donations').create({
        donor: unique('Keyboard Donor'),
        amount: 10,
        received_on: '2026-03-01 00:00:00.000Z',
        vault: vault.id,
      });
      // 900 px: above the phone's stacked rows, below the donations table's 980 px.
      const page = await browser.newPage({ locale, width: 900 });
      await signInAsAdmin(page);
      await page.goto('/finance/grants');
      const name = locale === 'en' ? 'Donations (scrollable)' : 'التبرعات (قابل للتمرير)';
      const region = page.getByRole('region', { name, exact: true });
      await region.waitFor();
      expect(await region.getAttribute('tabindex')).toBe('0');
      await tabTo(page, { selector: '.table-scroll[role="region"]' });
      const ring = await focusRing(page);
      expect(ring.style).toBe('solid');
      const scrolled = () => region.evaluate((el) => Math.abs(el.scrollLeft));
      expect(await scrolled()).toBe(0);
      // The hidden columns lie to the right in English, to the left in Arabic.
      await page.keyboard.press(locale === 'en' ? 'ArrowRight' : 'ArrowLeft');
      await expect.poll(scrolled).toBeGreaterThan(0);

      // On a wider screen the table fits: it is neither a region nor a Tab stop any more.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect.poll(() => region.count()).toBe(0);
      expect(await page.locator('.table-scroll[tabindex]').count()).toBe(0);
    });
  }
});
