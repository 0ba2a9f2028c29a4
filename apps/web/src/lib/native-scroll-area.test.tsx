/// <reference types="node" />
// Reads the sources from disk (Node); the app itself is typed for the browser only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollArea } from './native-scroll-area';

/** Every source file of the web app. */
function sources(dir = join(import.meta.dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the ScrollArea given to Mantine's Table.ScrollContainer", () => {
  it('is never rendered: the app scrolls its tables with TableScroll', () => {
    const users = sources().filter((file) =>
      /<Table\.ScrollContainer\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('would still scroll, with its children and attributes', () => {
    const { container } = render(
      <ScrollArea offsetScrollbars="x" className="box" style={{ maxHeight: 100 }}>
        <p>Row</p>
      </ScrollArea>,
    );
    const box = container.firstElementChild as HTMLElement;
    expect(box.className).toBe('box');
    expect(box.style.overflow).toBe('auto');
    expect(box.style.maxHeight).toBe('100px');
    expect(box.getAttribute('offsetscrollbars')).toBeNull();
    expect(box.textContent).toBe('Row');
  });
});

describe("the ScrollArea given to Mantine's Modal and Drawer", () => {
  it('is never compared equal: the app gives no dialog a scrollAreaComponent', () => {
    const users = sources().filter((file) =>
      /scrollAreaComponent\s*[=:]/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('has an Autosize of its own, so that a dialog given none is not taken for one given it', () => {
    expect(typeof ScrollArea.Autosize).toBe('function');
    expect(ScrollArea.Autosize).not.toBe(ScrollArea);
  });
});
