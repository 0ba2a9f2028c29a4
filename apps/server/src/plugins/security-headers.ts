import { randomBytes } from 'node:crypto';

/**
 * The placeholder Vite writes where a per-answer nonce goes (`html.cspNonce` in
 * apps/web/vite.config.ts): on the meta tag the app reads it from and on the tags Vite emits.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A fresh nonce for one answer of the web app (128 random bits). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The web app's Content-Security-Policy. Scripts only from the app's own files, and the inline
 * scripts a page names by their hash (`scriptHashes`, `sha256-…`: the guest page's early
 * script, which the build wrote into it; no other inline script runs). Styles from its own
 * files plus the `<style>` tags Mantine and TipTap inject at run time, which carry the answer's
 * nonce (React sets `style` props through the CSSOM, which CSP does not restrict). Without a
 * nonce (assets other than the page) only the app's own style sheets are allowed.
 */
export function webAppPolicy(nonce?: string, scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** API answers are data (JSON, an event stream): they load nothing and are never framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** How much of a URL is sent as Referer: only to this origin, so tokens in links never leak. */
export const REFERRER_POLICY = 'same-origin';
