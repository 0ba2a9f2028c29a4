// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { AREAS } from '../src/app/areas';
import { bundleGroups } from './bundles';
import {
  SCREENS_BY_PATH,
  SIGN_IN_SCRIPT_BUDGET,
  START_MODULES,
  appFilesOf,
  guestStartFiles,
} from './sign-in-preload';

type FakeChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

const chunk = (
  fileName: string,
  imports: string[] = [],
  facadeModuleId: string | null = null,
  css: string[] = [],
) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  }) satisfies FakeChunk;

/** What the plugin works out of a bundle whose app entry is `assets/index.js`. */
function filesOf(chunks: FakeChunk[]) {
  return appFilesOf(Object.fromEntries(chunks.map((c) => [c.fileName, c])), 'assets/index.js');
}

/** The sign-in page's links, in the page itself. */
const run = (chunks: FakeChunk[]) => filesOf(chunks).page;

/** The links of one group, as `rel href`. */
const template = (chunks: FakeChunk[], name: string) =>
  filesOf(chunks).groups[name]?.map((link) => `${link.rel} ${link.href}`);

/** Throws what the build would. */
const tagsOf = (chunks: FakeChunk[]) => filesOf(chunks);

const root = '/app/apps/web/';

/** The record lists that have a template at their address, each a chunk of its own. */
const lists = ['members', 'volunteers', 'projects', 'users', 'roles'].map((folder) =>
  chunk(`assets/${folder}-list.js`, [], `${root}src/app/routes/${folder}/list.tsx`),
);

/** Every area's texts per language, the sign-in screens' Arabic texts and the shell's. */
const texts = [
  chunk('assets/texts-en.js', [], `${root}src/app/areas/texts-en.ts`),
  chunk('assets/texts-ar.js', ['assets/words.js'], `${root}src/app/areas/texts-ar.ts`),
  chunk('assets/words.js'),
  chunk('assets/auth-ar.js', [], `${root}src/app/areas/auth/ar.ts`),
  chunk('assets/shell-ar.js', [], `${root}src/lib/texts/ar.ts`),
];

/** The main file's chunk, which holds what it imports on demand as it starts (START_MODULES). */
const main = (imports: string[] = []) => ({
  ...chunk('assets/index.js', imports, `${root}src/app/start/main.tsx`),
  moduleIds: [
    `${root}src/app/start/main.tsx`,
    ...START_MODULES.map((module) => `${root}${module}`),
  ],
});

describe('appFilesOf', () => {
  it("announces the sign-in chunks and their imports, not the main file's; its own for guests", () => {
    const chunks = [
      main(['assets/react.js', 'assets/mantine.js']),
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
      chunk(
        'assets/default-layout.js',
        ['assets/brand-logo.js'],
        `${root}src/app/layouts/default-layout.tsx`,
      ),
      chunk('assets/list.js', [], `${root}src/app/routes/employees/list.tsx`),
      ...lists,
      ...texts,
    ];
    // What the layout shares with the sign-in page is in the page for everyone.
    expect(run(chunks)).toEqual(['/assets/brand-logo.js']);
    // The rest is only for a guest (a signed-in page never shows the sign-in form).
    expect(template(chunks, 'guest')).toEqual([
      'modulepreload /assets/auth-shell.js',
      'modulepreload /assets/blank-layout.js',
      'modulepreload /assets/en.js',
      'modulepreload /assets/login.js',
      'modulepreload /assets/route-access.js',
    ]);
  });

  // The shape of the real bundle: the main file, the sign-in page, the layout and the dashboard.
  const app = [
    main(['assets/react.js']),
    chunk('assets/react.js'),
    chunk('assets/mantine.js', ['assets/react.js']),
    chunk(
      'assets/blank-layout.js',
      ['assets/mantine.js'],
      `${root}src/app/layouts/blank-layout.tsx`,
    ),
    chunk('assets/login.js', [], `${root}src/app/routes/auth/login.tsx`),
    chunk('assets/en.js', [], `${root}src/app/areas/auth/en.ts`),
    ...texts,
    chunk(
      'assets/default-layout.js',
      ['assets/mantine.js', 'assets/scroll-area.js', 'assets/data.js'],
      `${root}src/app/layouts/default-layout.tsx`,
      ['assets/default-layout.css'],
    ),
    chunk('assets/scroll-area.js', ['assets/react.js'], null, ['assets/full-styles.css']),
    chunk('assets/data.js'),
    chunk(
      'assets/dashboard.js',
      ['assets/data.js', 'assets/card.js'],
      `${root}src/app/routes/dashboard.tsx`,
    ),
    chunk('assets/card.js'),
    chunk(
      'assets/list.js',
      ['assets/table.js', 'assets/data.js'],
      `${root}src/app/routes/employees/list.tsx`,
      ['assets/table.css', 'assets/full-styles.css'],
    ),
    chunk('assets/table.js'),
    ...lists,
  ];

  it("writes the layout's files, scripts and styles, in a template of their own", () => {
    expect(template(app, '*')).toEqual([
      'modulepreload /assets/data.js',
      'modulepreload /assets/default-layout.js',
      'modulepreload /assets/scroll-area.js',
      'preload /assets/default-layout.css',
      'preload /assets/full-styles.css',
    ]);
  });

  it("writes the dashboard's own files apart, without what the layout or the page announce", () => {
    expect(template(app, '/')).toEqual([
      'modulepreload /assets/card.js',
      'modulepreload /assets/dashboard.js',
    ]);
    expect(run(app)).toEqual(['/assets/mantine.js']);
    expect(template(app, 'guest')).toEqual([
      'modulepreload /assets/blank-layout.js',
      'modulepreload /assets/en.js',
      'modulepreload /assets/login.js',
    ]);
  });

  it("writes a list's files in a template at its address, without the layout's", () => {
    expect(template(app, '/hr/employees')).toEqual([
      'modulepreload /assets/list.js',
      'modulepreload /assets/table.js',
      'preload /assets/table.css',
    ]);
    expect(template(app, '/hr/members')).toEqual(['modulepreload /assets/members-list.js']);
    expect(template(app, '/users/roles')).toEqual(['modulepreload /assets/roles-list.js']);
  });

  it("writes every area's texts in a template per language, the shell's Arabic texts with them", () => {
    expect(template(app, 'texts-en')).toEqual([
      'modulepreload /assets/en.js',
      'modulepreload /assets/texts-en.js',
    ]);
    expect(template(app, 'texts-ar')).toEqual([
      'modulepreload /assets/auth-ar.js',
      'modulepreload /assets/shell-ar.js',
      'modulepreload /assets/texts-ar.js',
      'modulepreload /assets/words.js',
    ]);
  });

  it('stops the build when the dashboard or a list has no chunk', () => {
    const withoutDashboard = app.filter((c) => c.fileName !== 'assets/dashboard.js');
    expect(() => tagsOf(withoutDashboard)).toThrow(/no chunk for src\/app\/routes\/dashboard/);
    const withoutAList = app.filter((c) => c.fileName !== 'assets/users-list.js');
    expect(() => tagsOf(withoutAList)).toThrow(/no chunk for src\/app\/routes\/users\/list/);
  });

  it('stops the build when the sign-in page needs more script files than its budget', () => {
    const within = (count: number) => {
      // `app`'s sign-in page needs 6 files (the main file, React and four sign-in chunks); the
      // login route imports as many more as make `count`.
      const extra = Array.from({ length: count - 6 }, (_, i) => `assets/piece${i}.js`);
      return app
        .map((c) =>
          c.fileName === 'assets/login.js' ? chunk(c.fileName, extra, c.facadeModuleId) : c,
        )
        .concat(extra.map((file) => chunk(file)));
    };
    expect(() => tagsOf(within(SIGN_IN_SCRIPT_BUDGET))).not.toThrow();
    expect(() => tagsOf(within(SIGN_IN_SCRIPT_BUDGET + 1))).toThrow(
      `the sign-in page now needs ${SIGN_IN_SCRIPT_BUDGET + 1} script files`,
    );
  });

  // With the bundler's strict execution order, a chunk fetched on demand exports a function
  // that starts its modules, and names no entry module.
  it('finds a chunk without an entry module by the modules it holds', () => {
    const strict = app.map((c) =>
      c.fileName === 'assets/dashboard.js'
        ? {
            ...c,
            facadeModuleId: null,
            moduleIds: [`${root}src/app/routes/dashboard-cards.tsx`, c.facadeModuleId!],
          }
        : c,
    );
    expect(template(strict, '/')).toEqual([
      'modulepreload /assets/card.js',
      'modulepreload /assets/dashboard.js',
    ]);
  });

  it('stops the build when a module without its own chunk is in several', () => {
    const dashboard = `${root}src/app/routes/dashboard.tsx`;
    const twice = app.map((c) =>
      c.fileName === 'assets/dashboard.js' || c.fileName === 'assets/card.js'
        ? { ...c, facadeModuleId: null, moduleIds: [dashboard] }
        : c,
    );
    expect(() => tagsOf(twice)).toThrow(
      'sign-in-preload: src/app/routes/dashboard.tsx is in 2 chunks, none of which starts with it',
    );
  });

  it('stops the build when a sign-in module has no chunk (renamed or moved)', () => {
    expect(() => run([main()])).toThrow(/no chunk for src\/app\/layouts/);
  });

  it('stops the build when what the main file starts on demand is not in its chunks', () => {
    // The app in a chunk of its own: every page would request it only once the main file runs.
    const apart = app.flatMap((c) =>
      c.fileName === 'assets/index.js'
        ? [
            { ...c, moduleIds: c.moduleIds.filter((id) => !id.endsWith('src/app/start/app.tsx')) },
            chunk('assets/app.js', ['assets/react.js'], `${root}src/app/start/app.tsx`),
          ]
        : [c],
    );
    expect(() => tagsOf(apart)).toThrow(
      "sign-in-preload: src/app/start/app.tsx left the main file's chunks",
    );
  });
});

describe("the bundles' folders", () => {
  const web = bundleGroups().find((group) => group.name === 'web')!;
  const root = fileURLToPath(new URL('..', import.meta.url));
  it('match the modules of the folder and below, with either separator, and nothing else', () => {
    for (const module of [
      'src/app/start/main.tsx',
      'src/app/start/app.tsx',
      'src/app/start/router.tsx',
      'src/app/start/start-texts.ts',
      'src/app/start/later/new-module.ts',
    ]) {
      expect(web.test(`${root}${module}`), module).toBe(true);
      expect(web.test(`${root}${module}`.replaceAll('/', '\\')), module).toBe(true);
    }
    for (const other of [
      'src/app/areas/finance/index.ts',
      'src/app/start-texts.ts',
      'src/app/startup/main.tsx',
      'src/main.tsx',
    ])
      expect(web.test(`${root}${other}`), other).toBe(false);
  });

  it('stop the build when a folder does not exist, or a single module is named', () => {
    expect(() =>
      bundleGroups([{ name: 'x', priority: 1, folders: ['src/lib/no-such-folder/'] }]),
    ).toThrow('bundles: the folder src/lib/no-such-folder/ does not exist');
    expect(() => bundleGroups([{ name: 'x', priority: 1, folders: ['no-such-package/'] }])).toThrow(
      'bundles: the folder no-such-package/ does not exist',
    );
    // A module that exists, or a folder named without its slash: not a folder of the bundle.
    for (const entry of ['src/lib/session.ts', 'src/lib/data', 'react'])
      expect(() => bundleGroups([{ name: 'x', priority: 1, folders: [entry] }]), entry).toThrow(
        `bundles: ${entry} is not a folder`,
      );
    // A module with a slash after it is no folder either.
    expect(() =>
      bundleGroups([{ name: 'x', priority: 1, folders: ['src/lib/session.ts/'] }]),
    ).toThrow('does not exist');
  });
});

describe('SCREENS_BY_PATH', () => {
  it('holds the dashboard and every record list of the area registry', () => {
    // A list declares the table it requests early (`table`); the build lists the same screens by
    // hand, as it cannot run the registry: a new list must be added there too.
    const lists = AREAS.flatMap((area) => area.routes)
      .filter((route) => 'table' in route && route.table)
      .map((route) => route.path);
    expect(lists.length).toBeGreaterThanOrEqual(6);
    expect(SCREENS_BY_PATH.map((screen) => screen.path).sort()).toEqual(['/', ...lists].sort());
  });
});

describe('guestStartFiles', () => {
  it("links the guest page's form code and its imports, not the entry's own files", () => {
    const bundle = Object.fromEntries(
      [
        chunk(
          'assets/guest.js',
          ['assets/runtime.js', 'assets/shared.js'],
          `${root}src/app/guest/early/main.ts`,
        ),
        chunk('assets/runtime.js'),
        chunk('assets/shared.js', ['assets/runtime.js']),
        chunk(
          'assets/start.js',
          ['assets/react.js', 'assets/shared.js', 'assets/login.js'],
          `${root}src/app/guest/start.tsx`,
        ),
        chunk('assets/react.js', ['assets/runtime.js']),
        chunk('assets/login.js', ['assets/react.js', 'assets/form.js']),
        chunk('assets/form.js'),
        chunk('assets/dashboard.js', ['assets/react.js'], `${root}src/app/routes/dashboard.tsx`),
      ].map((c) => [c.fileName, c]),
    );
    expect(guestStartFiles(bundle)).toEqual([
      '/assets/form.js',
      '/assets/login.js',
      '/assets/react.js',
      '/assets/start.js',
    ]);
  });
});
