/**
 * Writes e2e/screenshots/<screen>-<width>-<locale>.png for every entry of SCREENS (screens.ts).
 * Run by `npm run screenshots -w @app/web` against a server seeded with the demo data.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { adminApi, signInAsAdmin, useBrowser, type Page } from './harness';
import { SCREENS } from './screens';

const OUT = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** A desktop and a phone; `SCREENS_WIDTHS=1024,768` takes others (a laptop, a tablet) instead. */
const WIDTHS = (process.env.SCREENS_WIDTHS ?? '1440,390')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .map((width) => ({ width, height: width >= 1024 ? 900 : width > 600 ? 1024 : 844 }));
const LOCALES = ['en', 'ar'] as const;
const MAX_HEIGHT = 3200;
/** `SCREENS_ONLY=finance,project` captures only the screens whose name starts with one of them. */
const ONLY = (process.env.SCREENS_ONLY ?? '').split(',').filter(Boolean);
const CHOSEN = SCREENS.filter(
  (screen) => ONLY.length === 0 || ONLY.some((prefix) => screen.name.startsWith(prefix)),
);

/** Waits until the navigation bar is gone, fonts are in, and nothing animates any more. */
async function settle(page: Page): Promise<void> {
  await page
    .getByTestId('loading-bar')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A constructed style sheet: the server's Content-Security-Policy refuses an inline <style>.
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}');
  // Two frames so layout after the style change is painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** A screenshot of the whole page: the viewport grows to the content (fixed bars stay on top). */
async function shoot(page: Page, file: string, width: number, height: number): Promise<void> {
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  const target = Math.min(Math.max(full, height), MAX_HEIGHT);
  if (target !== height) {
    await page.setViewportSize({ width, height: target });
    await settle(page);
  }
  await page.screenshot({ path: file });
  if (target !== height) await page.setViewportSize({ width, height });
}

describe('screenshots', () => {
  const browser = useBrowser();
  mkdirSync(OUT, { recursive: true });

  for (const locale of LOCALES) {
    for (const { width, height } of WIDTHS) {
      test(`${locale} at ${width} px`, { timeout: 180_000 + CHOSEN.length * 20_000 }, async () => {
        const api = await adminApi();
        const guest = await browser.newPage({ locale, width, height });
        const admin = await browser.newPage({ locale, width, height });
        await signInAsAdmin(admin);
        for (const screen of CHOSEN) {
          const page = screen.as === 'guest' ? guest : admin;
          const path = typeof screen.path === 'string' ? screen.path : await screen.path(api);
          await page.goto(path);
          await screen.ready(page);
          await settle(page);
          const file = `${OUT}${screen.name}-${width}-${locale}.png`;
          await shoot(page, file, width, height);
          await screen.after?.(page);
          // Nothing on a page may push it wider than the screen (the whole page would pan).
          const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (pageWidth > width)
            console.log(`[screenshots] wider than the screen: ${screen.name} ${pageWidth} px`);
          // Nor may a box cut its content off at an edge (a name or a button half hidden).
          // Text shortened on purpose (an ellipsis, a clamp to a few lines) is left out.
          const clipped = await page.evaluate(() =>
            Array.from(document.querySelectorAll('body *'))
              .filter((box) => {
                const style = getComputedStyle(box);
                const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
                const sideways =
                  hides(style.overflowX) &&
                  style.textOverflow !== 'ellipsis' &&
                  box.clientWidth > 4 &&
                  box.scrollWidth > box.clientWidth + 1;
                // A text box that grows with its text hides its own overflow: not a cut.
                const downwards =
                  !box.matches('textarea, input, select') &&
                  hides(style.overflowY) &&
                  style.webkitLineClamp === 'none' &&
                  box.clientHeight > 4 &&
                  box.scrollHeight > box.clientHeight + 1;
                return sideways || downwards;
              })
              .map(
                (box) =>
                  `${box.tagName.toLowerCase()}.${Array.from(box.classList).slice(0, 2).join('.')} "${(
                    box.textContent ?? ''
                  )
                    .trim()
                    .slice(0, 40)}"`,
              ),
          );
          if (clipped.length > 0)
            console.log(`[screenshots] cut off on ${screen.name}: ${clipped.join('; ')}`);
          if (width === 1440) {
            // On a desktop a table should fit its panel: one that scrolls hides its last
            // columns (often the row's buttons) until scrolled. Listed for a person to judge.
            const wide = await page.evaluate(() =>
              Array.from(document.querySelectorAll('.table-scroll'))
                .filter((box) => box.scrollWidth > box.clientWidth + 1)
                .map((box) => `"${box.querySelector('table')?.getAttribute('aria-label')}"`),
            );
            if (wide.length > 0)
              console.log(`[screenshots] scrolls sideways on ${screen.name}: ${wide.join(', ')}`);
          }
          console.log(`[screenshots] ${file}`);
        }
      });
    }
  }
});
