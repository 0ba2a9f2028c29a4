/**
 * The nonce the server put into this page for the style tags the app injects at run time
 * (Mantine's CSS variables and responsive styles, TipTap's editor styles, the scroll lock of
 * modals): its Content-Security-Policy allows no other inline style. Vite writes the meta tag
 * (`html.cspNonce` in vite.config.ts). Browsers hide the attribute once the page is parsed,
 * so it is read through the `nonce` property. Empty in the dev server and in tests.
 */
export function cspNonce(): string {
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // The dev server leaves Vite's placeholder as it is.
  return nonce.startsWith('__') ? '' : nonce;
}
