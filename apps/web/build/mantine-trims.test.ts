// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CLASS_NAMES_ONLY, mantineTrims, NATIVE_SCROLL_AREA } from './mantine-trims';
import { failingBuild, hooksOf } from './redirect-import.testing';

const [appShell, table, dialogs] = [0, 1, 2].map((i) => () => hooksOf(mantineTrims()[i]!));
const CORE = '/app/node_modules/@mantine/core/esm/components';
const fail = failingBuild;

describe('the AppShell redirect', () => {
  it("gives AppShell's header the class names alone", () => {
    const plugin = appShell();
    const header = `${CORE}/AppShell/AppShellHeader/AppShellHeader.mjs`;
    expect(plugin.resolveId('react-remove-scroll', header)).toBe(CLASS_NAMES_ONLY);
    expect(CLASS_NAMES_ONLY).toMatch(/src\/lib\/scroll-lock-class-names\.ts$/);
    expect(() => plugin.buildEnd.call(fail)).not.toThrow();
  });

  it('leaves the dialogs their scroll lock, and every other import alone', () => {
    const plugin = appShell();
    const modal = `${CORE}/ModalBase/ModalBase.mjs`;
    expect(plugin.resolveId('react-remove-scroll', modal)).toBeNull();
    expect(plugin.resolveId('react-remove-scroll', '/app/apps/web/src/x.ts')).toBeNull();
    expect(plugin.resolveId('react', `${CORE}/AppShell/AppShell.mjs`)).toBeNull();
  });

  it('fails the build when AppShell no longer imports the package', () => {
    const plugin = appShell();
    plugin.resolveId('react', `${CORE}/AppShell/AppShell.mjs`);
    expect(() => plugin.buildEnd.call(fail)).toThrow(/no longer imports react-remove-scroll/);
    expect(() => plugin.buildEnd.call(fail, new Error('syntax'))).not.toThrow();
  });
});

describe('the Table.ScrollContainer redirect', () => {
  const container = `${CORE}/Table/TableScrollContainer.mjs`;

  it('gives Table.ScrollContainer a plain scrolling box for its ScrollArea', () => {
    const plugin = table();
    expect(plugin.resolveId('../ScrollArea/ScrollArea.mjs', container)).toBe(NATIVE_SCROLL_AREA);
    expect(NATIVE_SCROLL_AREA).toMatch(/src\/lib\/native-scroll-area\.tsx$/);
    expect(() => plugin.buildEnd.call(fail)).not.toThrow();
  });

  it("leaves the selects' and dialogs' ScrollArea alone", () => {
    const plugin = table();
    const select = `${CORE}/Combobox/OptionsDropdown/OptionsDropdown.mjs`;
    expect(plugin.resolveId('../../ScrollArea/ScrollArea.mjs', select)).toBeNull();
    expect(plugin.resolveId('../Box/Box.mjs', container)).toBeNull();
  });

  it('fails the build when Table.ScrollContainer no longer imports it', () => {
    const plugin = table();
    expect(() => plugin.buildEnd.call(fail)).toThrow(/no longer imports its ScrollArea/);
  });
});

describe('the Modal and Drawer redirect', () => {
  it("gives the dialogs' roots the plain scrolling box for their ScrollArea", () => {
    const plugin = dialogs();
    for (const root of ['Modal/ModalRoot.mjs', 'Drawer/DrawerRoot.mjs'])
      expect(plugin.resolveId('../ScrollArea/ScrollArea.mjs', `${CORE}/${root}`)).toBe(
        NATIVE_SCROLL_AREA,
      );
    expect(() => plugin.buildEnd.call(fail)).not.toThrow();
  });

  it("leaves the selects' ScrollArea and the dialogs' other imports alone", () => {
    const plugin = dialogs();
    const select = `${CORE}/Combobox/OptionsDropdown/OptionsDropdown.mjs`;
    expect(plugin.resolveId('../../ScrollArea/ScrollArea.mjs', select)).toBeNull();
    expect(
      plugin.resolveId('../ModalBase/ModalBase.mjs', `${CORE}/Modal/ModalRoot.mjs`),
    ).toBeNull();
  });

  it('fails the build when they no longer import it', () => {
    const plugin = dialogs();
    expect(() => plugin.buildEnd.call(fail)).toThrow(/no longer import the ScrollArea/);
  });
});
