import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const server = 'apps/server/src';
const web = 'apps/web/src';

/** The server's entry points and wiring sit above every layer. */
const serverTop = [
  `${server}/app.ts`,
  `${server}/server.ts`,
  `${server}/cli.ts`,
  `${server}/config.ts`,
  `${server}/make-migration.ts`,
  `${server}/plugins`,
];

/**
 * The server's layers import one way: tools and db at the bottom, then core (the record engine),
 * domain (area rules and services), routes (HTTP), and the wiring on top.
 */
const serverZones = [
  { target: `${server}/tools`, from: [`${server}/db`, `${server}/core`] },
  { target: `${server}/db`, from: [`${server}/core`] },
  { target: [`${server}/tools`, `${server}/db`, `${server}/core`], from: `${server}/domain` },
  {
    target: [`${server}/tools`, `${server}/db`, `${server}/core`, `${server}/domain`],
    from: `${server}/routes`,
  },
  {
    target: [
      `${server}/tools`,
      `${server}/db`,
      `${server}/core`,
      `${server}/domain`,
      `${server}/routes`,
    ],
    from: serverTop,
  },
].map((zone) => ({
  ...zone,
  message: 'The server imports one way: tools, db -> core -> domain -> routes -> plugins, app.',
}));

/** Each feature stands alone: what two features share belongs in components/ or lib/. */
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`],
    from: [`${web}/features`, `${web}/app`],
    message: 'components/, lib/ and config/ sit below the features and the app.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'A feature does not import the app shell; the app imports the features.',
  },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: `features/${feature} may not import another feature; move what they share to components/ or lib/.`,
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    // Import direction and cycles, resolved as TypeScript resolves them (the web's `@/` alias too).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin parses no TypeScript file, and no-cycle silently finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
      // Pinned to the last releases that resolve in plain JavaScript: later ones load a native
      // resolver whose builds for other platforms this project's registry does not carry, and
      // `npm ci` then refuses the lock file (see docs/decisions.md).
      'import-x/resolver': {
        typescript: {
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/schema/tsconfig.json',
          ],
        },
      },
    },
    rules: {
      // A lazy `import()` back into a registry (an area's screen importing the navigation that
      // lists it) runs after both modules have loaded, so only static cycles are refused.
      'import-x/no-cycle': [
        'error',
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
    },
  },
  {
    // Tests reach into any layer on purpose. Nothing imports a test, so a test cannot close a
    // cycle: no-cycle, the costliest rule (it walks each file's imports), skips them.
    files: [
      'apps/*/test/**',
      'apps/web/e2e/**',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: { 'import-x/no-restricted-paths': 'off', 'import-x/no-cycle': 'off' },
  },
  {
    // The service worker is plain JavaScript served as it is, run by the browser as a worker.
    files: ['apps/web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    // The engine and the rules below the routes know nothing of HTTP.
    files: [`${server}/{tools,db,core,domain}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['fastify', 'fastify-*', '@fastify/*'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Screens ask for data with useSlicedQuery (lib/sliced-query.ts): TanStack's useQuery
      // renders each answer in one task that a slow phone cannot interrupt.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useInfiniteQuery'],
              message:
                'Use useSlicedQuery or useSlicedInfiniteQuery from @/lib/sliced-query: their answers render as transitions.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
