// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_HEAD, PAGE_HEAD_MARK, withPageHead } from './page-head';

const page = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

describe('the pages’ shared head', () => {
  it('is taken by both pages from one place, and kept by neither', () => {
    for (const name of ['index.html', 'guest.html']) {
      const source = page(name);
      expect(source.split(PAGE_HEAD_MARK), name).toHaveLength(2);
      for (const tag of ['<title', 'rel="manifest"', 'name="viewport"', 'charset='])
        expect(source, `${name}: ${tag}`).not.toContain(tag);
      const built = withPageHead(source, name);
      expect(built).toContain(PAGE_HEAD);
      expect(built.indexOf(PAGE_HEAD)).toBeLessThan(built.indexOf('</head>'));
    }
  });

  it('stops the build for a page without its mark, or with two', () => {
    expect(() => withPageHead('<head></head>', 'x.html')).toThrow(
      `page-head: x.html must hold ${PAGE_HEAD_MARK} once`,
    );
    expect(() => withPageHead(`${PAGE_HEAD_MARK}${PAGE_HEAD_MARK}`, 'x.html')).toThrow('once');
  });
});
