/**
 * axe-core in the e2e browser: its source is evaluated in the page (no wrapper package), configured so that Arabic text is checked for contrast, then run on the document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeNode = { target: string[]; html: string; failureSummary?: string };
export type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: AxeNode[];
};

/**
 * Impacts that fail the accessibility tests: all but the minor ones. Moderate ones matter too: two
 * regions with one name (a list titled as its page), for one, leave a screen reader's landmark
 * list with two entries nobody can tell apart.
 */
export const BLOCKING = ['moderate', 'serious', 'critical'] as const;

/**
 * Makes axe's colour-contrast rule check Arabic text.
 *
 * Why: the rule's `matches` step (axe-core 4.7+, "color-contrast: skip ligature icons") skips
 * elements whose text it takes for an icon-font ligature. It decides by drawing the first
 * character alone and the whole text on a canvas: when they differ a lot in pixels and in width,
 * it counts a ligature for that font family, and after three texts of one family that were all
 * "ligatures" it stops measuring and treats every text in that family as an icon. Arabic letters
 * join and change shape with their neighbours, so every Arabic word looks like a ligature: on
 * an Arabic page all text was skipped (axe reports the rule as inapplicable). Neither the rule
 * nor its check has an option for this (the `pixelThreshold` / `occurrenceThreshold` options
 * exist only for label-content-name-mismatch).
 *
 * How: this app has no icon fonts (its icons are inline SVG), so before the original `matches`
 * runs we record the element's font family in axe's font cache as "seen three times, never a
 * ligature"; axe's own test then answers "not a ligature" for it at once. Everything else about
 * the rule (which elements, the ratios, backgrounds) stays axe's.
 */
function checkArabicContrast() {
  type Matches = (this: unknown, node: Element, virtualNode: unknown, context: unknown) => boolean;
  type Axe = {
    _audit: { rules: { id: string; matches: Matches }[] };
    _cache: { get<T>(key: string, create: () => T): T };
    configure(spec: { rules: { id: string; matches: Matches }[] }): void;
  };
  const axe = (window as unknown as { axe: Axe }).axe;
  const rule = axe._audit.rules.find((r) => r.id === 'color-contrast');
  if (!rule) throw new Error('axe-core has no color-contrast rule');
  const original = rule.matches;
  axe.configure({
    rules: [
      {
        id: 'color-contrast',
        matches(node, virtualNode, context) {
          const fonts = axe._cache.get<
            Record<string, { occurrences: number; numLigatures: number }>
          >('fonts', () => ({}));
          fonts[getComputedStyle(node).fontFamily] = { occurrences: 3, numLigatures: 0 };
          return original.call(this, node, virtualNode, context);
        },
      },
    ],
  });
}

/** Adds axe-core to the page (once per document) configured as above. */
export async function injectAxe(page: Page, options: { arabicContrast?: boolean } = {}) {
  const present = await page.evaluate(() => 'axe' in window);
  if (present) return;
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src
  // 'self') rightly refuses an inline <script> tag.
  await page.evaluate(AXE_SOURCE);
  if (options.arabicContrast ?? true) await page.evaluate(checkArabicContrast);
}

/**
 * Runs axe on the whole page; returns every violation (all impacts). Rules: axe's defaults
 * (WCAG 2.0-2.2 A/AA and best practices).
 */
export async function runAxe(
  page: Page,
  options: { arabicContrast?: boolean; rules?: string[] } = {},
): Promise<AxeViolation[]> {
  await injectAxe(page, options);
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html,
        failureSummary: n.failureSummary,
      })),
    }));
  }, options.rules ?? null);
}

/** A readable list of violations for an assertion message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 6)
          .map(
            (n) =>
              `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, ' ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}
