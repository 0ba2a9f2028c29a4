// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { APP_USE_ID, mantineUseId } from './mantine-use-id';
import { failingBuild, hooksOf } from './redirect-import.testing';

const hooks = () => hooksOf(mantineUseId());
const HOOKS_INDEX = '/app/node_modules/@mantine/hooks/esm/index.mjs';
const fail = failingBuild;

describe('mantineUseId', () => {
  it("gives @mantine/hooks the app's useId in place of its own", () => {
    const plugin = hooks();
    expect(plugin.resolveId('./use-id/use-id.mjs', HOOKS_INDEX)).toBe(APP_USE_ID);
    expect(APP_USE_ID).toMatch(/src\/lib\/mantine\/mantine-use-id\.ts$/);
    expect(() => plugin.buildEnd.call(fail)).not.toThrow();
  });

  it('leaves every other import alone', () => {
    const plugin = hooks();
    expect(plugin.resolveId('./use-idle/use-idle.mjs', HOOKS_INDEX)).toBeNull();
    expect(plugin.resolveId('./use-id/use-id.mjs', '/app/apps/web/src/lib/x.ts')).toBeNull();
    expect(plugin.resolveId('react', HOOKS_INDEX)).toBeNull();
  });

  it('fails the build when Mantine no longer imports its useId there', () => {
    const plugin = hooks();
    plugin.resolveId('react', HOOKS_INDEX);
    expect(() => plugin.buildEnd.call(fail)).toThrow(/no longer imports/);
    // A build that failed for another reason shows that reason, not this one.
    expect(() => plugin.buildEnd.call(fail, new Error('syntax'))).not.toThrow();
  });
});
