/**
 * Which of Mantine's stylesheets the app needs, worked out from the code: the components the app
 * imports from `@mantine/core`, every component those are built from (their modules' imports,
 * followed to the end), and the core components that Mantine's other packages in use (dates,
 * spotlight, notifications, tiptap) build on. In the order of Mantine's full stylesheet, so the
 * cascade is the same as with it.
 *
 *   npx tsx apps/web/build/mantine-styles.ts     # writes src/app/styles/mantine-used.ts
 *
 * `mantine-styles.test.ts` fails when the written list no longer matches the code (a screen
 * started using a component whose styles are missing): run the line above.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MANTINE = resolve(WEB, '../../node_modules/@mantine');
const CORE = join(MANTINE, 'core');
/** Mantine's packages besides core whose components the app uses (their own CSS is imported where they are). */
const OTHER_PACKAGES = ['dates', 'spotlight', 'notifications', 'tiptap'];
export const OUTPUT = join(WEB, 'src/app/styles/mantine-used.ts');

const IMPORT = /^(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm;
const RELATIVE_FROM = /from\s*["'](\.{1,2}\/[^"']+\.mjs)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource ? [path] : [];
  });
}

/** The value names a file imports from `@mantine/core` (type imports left out). */
function namesFromCore(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(IMPORT)) {
    if (match[2] !== '@mantine/core' || match[0].startsWith('import type')) continue;
    for (const part of match[1].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

/** Where `@mantine/core`'s index takes each exported name from. */
function coreExports(): Map<string, string> {
  const index = join(CORE, 'esm/index.mjs');
  const code = readFileSync(index, 'utf8');
  const from = new Map<string, string>();
  for (const match of code.matchAll(IMPORT)) {
    if (!match[2].startsWith('.')) continue;
    for (const part of match[1].split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) from.set(alias ?? name, resolve(dirname(index), match[2]));
    }
  }
  return from;
}

/** Every module reached from `start` by relative imports. */
function reach(start: string, seen: Set<string>): void {
  if (seen.has(start) || !existsSync(start)) return;
  seen.add(start);
  const code = readFileSync(start, 'utf8');
  for (const match of code.matchAll(RELATIVE_FROM)) reach(resolve(dirname(start), match[1]), seen);
}

/** The stylesheets (`Button.css`…) the app needs, in the order of Mantine's `styles.css`. */
export function neededStylesheets(): string[] {
  const exports = coreExports();
  const names = new Set(
    sourceFiles(join(WEB, 'src')).flatMap((file) => namesFromCore(readFileSync(file, 'utf8'))),
  );
  for (const pkg of OTHER_PACKAGES) {
    const esm = join(MANTINE, pkg, 'esm');
    for (const file of readdirSync(esm, { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.mjs'))
        for (const name of namesFromCore(readFileSync(join(esm, file), 'utf8'))) names.add(name);
    }
  }
  const modules = new Set<string>();
  for (const name of names) {
    const file = exports.get(name);
    if (file) reach(file, modules);
  }
  // A component's styles are named after a folder on its module's path
  // (components/Checkbox/CheckboxIndicator/… uses Checkbox.css and CheckboxIndicator.css).
  const sheets = new Set<string>();
  for (const module of modules) {
    for (const folder of module.slice(join(CORE, 'esm').length).split('/')) {
      if (folder && existsSync(join(CORE, 'styles', `${folder}.css`))) sheets.add(`${folder}.css`);
    }
  }
  const full = readFileSync(join(CORE, 'styles.css'), 'utf8');
  const position = (sheet: string) => {
    const at = full.indexOf(readFileSync(join(CORE, 'styles', sheet), 'utf8').trim());
    if (at < 0) throw new Error(`${sheet} is not part of Mantine's styles.css`);
    return at;
  };
  return [...sheets]
    .filter((sheet) => sheet !== 'baseline.css' && sheet !== 'global.css')
    .sort((a, b) => position(a) - position(b));
}

export function moduleText(sheets: readonly string[]): string {
  return [
    '// Written by apps/web/build/mantine-styles.ts from the code: do not edit by hand.',
    "// The styles of the Mantine components the app uses, in the order of Mantine's full stylesheet.",
    ...sheets.map((sheet) => `import '@mantine/core/styles/${sheet}';`),
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sheets = neededStylesheets();
  writeFileSync(OUTPUT, moduleText(sheets));
  console.log(`${OUTPUT}: ${sheets.length} stylesheets`);
}
