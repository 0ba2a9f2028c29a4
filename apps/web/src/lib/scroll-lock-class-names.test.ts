// @vitest-environment node
/// <reference types="node" />
// Reads Mantine's files from disk (Node); the app itself is typed for the browser only.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RemoveScroll as Package } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './scroll-lock-class-names';

/** Mantine's AppShell modules (ES build) that import react-remove-scroll. */
function appShellImporters(): { file: string; code: string }[] {
  const core = dirname(createRequire(import.meta.url).resolve('@mantine/core'));
  const appShell = join(core, '..', 'esm', 'components', 'AppShell');
  return readdirSync(appShell, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => ({ file, code: readFileSync(join(appShell, file), 'utf8') }))
    .filter(({ code }) => code.includes('"react-remove-scroll"'));
}

describe('the scroll lock class names given to AppShell', () => {
  it("are the package's own", () => {
    expect(RemoveScroll.classNames).toEqual(Package.classNames);
  });

  it('are all AppShell reads from the package', () => {
    const importers = appShellImporters();
    expect(importers.length).toBeGreaterThan(0);
    for (const { file, code } of importers) {
      const uses = code.match(/RemoveScroll[.\w]*/g) ?? [];
      const other = uses.filter(
        (use) => use !== 'RemoveScroll' && !use.startsWith('RemoveScroll.classNames.'),
      );
      expect({ file, other }).toEqual({ file, other: [] });
    }
  });
});
