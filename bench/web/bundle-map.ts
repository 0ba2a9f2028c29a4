/**
 * Which modules went into which file of the web build (bench/README.md, "Route weights after
 * the outbox"):
 *
 *   npx tsx bench/web/bundle-map.ts [--out /tmp/dist] [--file default-layout] [--top 40]
 *
 * Builds the web app with Vite's own configuration into `--out` (a private directory, others
 * may rebuild apps/web/dist meanwhile), and writes `bundle-map.json` there: for each script file,
 * its gzip size and its modules with their minified length before gzip (rolldown's
 * `renderedLength`), largest first. Prints the files whose name contains `--file` with their
 * `--top` largest modules; module lengths are before gzip, so compare them with each other.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { REPO_ROOT } from '../../apps/web/e2e/harness/stack';
import { optionValues, numberOption } from './build';

type FileMap = {
  file: string;
  gzip: number;
  /** The files it imports, statically (loaded with it) and on demand. */
  imports: string[];
  dynamicImports: string[];
  modules: Array<{ id: string; length: number }>;
};

const [out = '/tmp/bundle-map-dist'] = optionValues('--out');
const [only = ''] = optionValues('--file');
const top = numberOption('--top', 40);
const root = join(REPO_ROOT, 'apps/web');
const short = (id: string) =>
  id
    .replace(`${root}/`, '')
    .replace(/^.*node_modules\//, '')
    .replace(/\?.*$/, '');

const files: FileMap[] = [];
const recorder: Plugin = {
  name: 'bundle-map',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      files.push({
        file: output.fileName,
        gzip: gzipSync(output.code, { level: 9 }).length,
        imports: output.imports,
        dynamicImports: output.dynamicImports,
        modules: Object.entries(output.modules)
          .map(([id, info]) => ({ id: short(id), length: info.renderedLength }))
          .filter((module) => module.length > 0)
          .sort((a, b) => b.length - a.length),
      });
    }
  },
};

await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [recorder],
  build: { outDir: out, emptyOutDir: true },
});
files.sort((a, b) => b.gzip - a.gzip);
writeFileSync(join(out, 'bundle-map.json'), JSON.stringify(files, null, 1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const { file, gzip, modules } of files.filter((f) => f.file.includes(only))) {
  console.log(`\n${file}: ${kb(gzip)} gzip, ${modules.length} modules`);
  for (const { id, length } of modules.slice(0, top))
    console.log(`  ${kb(length).padStart(9)}  ${id}`);
}
console.log(`\n${join(out, 'bundle-map.json')}`);
