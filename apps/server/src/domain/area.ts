import type { HookRegistry } from '../core/hooks';
import type { DemoSeed } from './demo-seed';

/**
 * What an area adds to the server besides its declarations in packages/schema: its rules on the
 * hook point, and its part of the demo organisation. Its custom actions are routes in
 * routes/api/<area>.ts that call the area's services in this folder.
 */
export type Area = {
  name: string;
  /** Registers the area's rules per collection. */
  registerHooks?: (hooks: HookRegistry) => void;
  /** Creates the area's demo records; runs after the areas listed before it. */
  seedDemo?: (seed: DemoSeed) => Promise<void>;
};
