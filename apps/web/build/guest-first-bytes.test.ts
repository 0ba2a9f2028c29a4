// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { earlyScriptOf, scriptHashOf, withFirstBytes } from './guest-first-bytes';

/** guest.html as Vite and the prerender write it (the tags' shapes as in a real build). */
const BUILT = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Back Office</title>
    <meta property="csp-nonce" nonce="__CSP_NONCE__">
    <script type="module" crossorigin src="/assets/guest-a.js" nonce="__CSP_NONCE__"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime.js" nonce="__CSP_NONCE__">
    <link rel="stylesheet" crossorigin href="/assets/guest-b.css" nonce="__CSP_NONCE__">
    <link rel="preload" as="script" fetchpriority="low" crossorigin href="/assets/react.js" nonce="__CSP_NONCE__">
  </head>
  <body>
    <div id="sign-in-static" hidden><template id="sign-in-en"><form></form></template></div><div id="root"></div>
    <script type="application/json" id="app-files" nonce="__CSP_NONCE__">{}</script>
  </body>
</html>`;

const CSS = 'body{margin:0}';
const read = (href: string) => {
  expect(href).toBe('/assets/guest-b.css');
  return CSS;
};

describe("the guest page's first bytes", () => {
  const page = withFirstBytes(BUILT, 'start()', read);
  const head = page.slice(0, page.indexOf('</head>'));
  const body = page.slice(page.indexOf('<body>'));

  it('holds the stylesheet in the head, and names its file with a link the browser does not fetch', () => {
    expect(head).toContain(
      `<style nonce="__CSP_NONCE__">${CSS}</style><link rel="stylesheet" href="/assets/guest-b.css" disabled>`,
    );
    expect(page).not.toContain('crossorigin href="/assets/guest-b.css"');
  });

  it('runs the early script right after the form, before the root', () => {
    expect(body).toContain('</template></div><script>start()</script><div id="root"></div>');
  });

  it('asks for every file at the end of the body, in the order Vite wrote them', () => {
    for (const file of ['guest-a.js', 'runtime.js', 'react.js']) {
      expect(head, file).not.toContain(file);
      expect(body.indexOf(file), file).toBeGreaterThan(body.indexOf('id="app-files"'));
    }
    expect(body.indexOf('guest-a.js')).toBeLessThan(body.indexOf('runtime.js'));
    expect(body.indexOf('runtime.js')).toBeLessThan(body.indexOf('react.js'));
    expect(body.trimEnd().endsWith('</body>\n</html>')).toBe(true);
  });

  it('stops the build where the page is not as expected', () => {
    expect(() =>
      withFirstBytes(BUILT.replace(/<link rel="stylesheet"[^>]*>/, ''), 's', read),
    ).toThrow('links 0 stylesheets');
    expect(() =>
      withFirstBytes(BUILT.replace('<div id="root">', '<main id="root">'), 's', read),
    ).toThrow('no sign-in form');
    expect(() => withFirstBytes(BUILT, 'a("</script>")', read)).toThrow('</script');
    expect(() => withFirstBytes(BUILT, 's', () => 'a{}</style>')).toThrow('</style');
  });

  it("names a script as a browser's policy does", () => {
    // The example of the Content Security Policy specification (its hash-source).
    expect(scriptHashOf("alert('Hello, world.');")).toBe(
      'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=',
    );
  });

  it('compiles the early script into one small classic script', async () => {
    const script = await earlyScriptOf(new URL('..', import.meta.url).pathname);
    // A classic script: no import or export statements at its top level.
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script).toContain('sign-in-static');
    // Small enough to send with every guest page (6.1 KB on 2026-11-29).
    expect(script.length).toBeLessThan(10_000);
  }, 60_000);
});
