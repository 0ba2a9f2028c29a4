// @vitest-environment node
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { signInPreload } from './sign-in-preload';

type FakeChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
};

const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) =>
  ({ type: 'chunk', fileName, facadeModuleId, imports }) satisfies FakeChunk;

function run(chunks: FakeChunk[]) {
  const plugin = signInPreload();
  const hook = plugin.transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => { attrs: { href: string } }[];
  };
  const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
  const context = {
    bundle,
    chunk: bundle['assets/index.js'],
  } as unknown as IndexHtmlTransformContext;
  return hook.handler('', context).map((tag) => tag.attrs.href);
}

const root = '/app/apps/web/';

describe('signInPreload', () => {
  it("announces the sign-in chunks and their imports, not the main file's", () => {
    const hrefs = run([
      chunk('assets/index.js', ['assets/react.js', 'assets/mantine.js']),
      chunk('assets/react.js'),
      chunk('assets/mantine.js', ['assets/react.js']),
      chunk(
        'assets/blank-layout.js',
        ['assets/route-access.js'],
        `${root}src/app/layouts/blank-layout.tsx`,
      ),
      chunk('assets/route-access.js', ['assets/react.js']),
      chunk(
        'assets/login.js',
        ['assets/auth-shell.js', 'assets/mantine.js'],
        `${root}src/app/routes/auth/login.tsx`,
      ),
      chunk('assets/auth-shell.js', ['assets/brand-logo.js']),
      chunk('assets/brand-logo.js'),
      chunk('assets/en.js', [], `${root}src/app/areas/auth/en.ts`),
      chunk('assets/dashboard.js', ['assets/charts.js'], `${root}src/app/routes/dashboard.tsx`),
      chunk('assets/charts.js'),
    ]);
    expect(hrefs).toEqual([
      '/assets/auth-shell.js',
      '/assets/blank-layout.js',
      '/assets/brand-logo.js',
      '/assets/en.js',
      '/assets/login.js',
      '/assets/route-access.js',
    ]);
  });

  it('stops the build when a sign-in module has no chunk (renamed or moved)', () => {
    expect(() => run([chunk('assets/index.js')])).toThrow(/no chunk for src\/app\/layouts/);
  });
});
