import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { redirectImport } from './redirect-import.ts';

const appFile = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The class names alone (src/lib/scroll-lock-class-names.ts). */
export const CLASS_NAMES_ONLY = appFile('lib/scroll-lock-class-names.ts');

/** A plain scrolling box (src/lib/native-scroll-area.tsx). */
export const NATIVE_SCROLL_AREA = appFile('lib/native-scroll-area.tsx');

const CORE = '[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]';

/**
 * Three imports inside Mantine that cost pages for nothing (about 9 KB gzip on every signed-in
 * page, and 20 KB more on a page with a dialog), each given a small file of the app's instead:
 *
 * - AppShell's header, footer and aside import react-remove-scroll only to read two class names
 *   from it, which brought the whole scroll lock of dialogs to every page, dialog or not. They get
 *   the names alone; the dialogs keep the real package.
 * - `Table` carries `Table.ScrollContainer`, which imports Mantine's ScrollArea for its default
 *   mode. The app scrolls its tables with `TableScroll` (components/data-table), never with
 *   `Table.ScrollContainer` (native-scroll-area.test.ts checks it), so every list page downloaded
 *   the ScrollArea for nothing. It gets a plain scrolling box instead.
 * - Modal and Drawer import the ScrollArea only to compare their `scrollAreaComponent` with
 *   `ScrollArea.Autosize`; they scroll with a plain box unless given one. The app gives none
 *   (the same test checks it), and the ScrollArea's file brought the positioning code of the
 *   selects and menus (floating-ui, 15 KB) with it. They get the plain box too, whose `Autosize`
 *   is a component of its own that nobody passes.
 */
export function mantineTrims(): Plugin[] {
  return [
    redirectImport({
      name: 'app-shell-scroll-classes',
      importer: new RegExp(`${CORE}AppShell[\\\\/]`),
      source: /^react-remove-scroll$/,
      to: CLASS_NAMES_ONLY,
      whenGone:
        "Mantine's AppShell no longer imports react-remove-scroll; remove this redirect and " +
        'src/lib/scroll-lock-class-names.ts.',
    }),
    redirectImport({
      name: 'table-scroll-area',
      importer: new RegExp(`${CORE}Table[\\\\/]TableScrollContainer\\.mjs$`),
      source: /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
      to: NATIVE_SCROLL_AREA,
      whenGone:
        "Mantine's Table.ScrollContainer no longer imports its ScrollArea; remove this redirect " +
        'and src/lib/native-scroll-area.tsx.',
    }),
    redirectImport({
      name: 'dialog-scroll-area',
      importer: new RegExp(`${CORE}(Modal[\\\\/]ModalRoot|Drawer[\\\\/]DrawerRoot)\\.mjs$`),
      source: /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
      to: NATIVE_SCROLL_AREA,
      whenGone: "Mantine's Modal and Drawer no longer import the ScrollArea; remove this redirect.",
    }),
  ];
}
