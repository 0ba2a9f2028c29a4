import { authArea } from '../areas/auth';
import { registerAreaStrings } from '../areas';

/**
 * The texts main.tsx gives the dictionary as the app starts: the sign-in screens' before the
 * first screen, every area's once it is up. main.tsx imports this module on demand (so the area
 * registry runs in a task of its own) and no other module imports it: a module that main.tsx
 * imported on demand and others statically (the router imports the registry) would stay in their
 * chunk anyway, and the bundler warns about it (INEFFECTIVE_DYNAMIC_IMPORT).
 */
export function registerSignInStrings(): Promise<void> {
  return registerAreaStrings([authArea]);
}

/** Every area's texts. */
export function registerAllAreaStrings(): Promise<void> {
  return registerAreaStrings();
}
