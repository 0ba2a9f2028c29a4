import { hash, verify } from '@node-rs/bcrypt';

/** bcrypt cost used for new password hashes (PocketBase uses 10 as well). */
export const PASSWORD_HASH_COST = 10;

// A cost-10 hash of a throwaway password: verifying against it costs what a real check costs.
const DUMMY_HASH = '$2b$10$FUTt1rDMrIr98q7GffXzve4BMwVNP29B0a3PzIxGUDqNE8flvMPY6';

/**
 * Hashes a password with bcrypt (cost {@link PASSWORD_HASH_COST}, random salt, `$2b$`).
 * Bcrypt only reads the first 72 bytes of the password; length limits belong to the caller.
 */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, { cost: PASSWORD_HASH_COST });
}

/**
 * Checks `plain` against a stored bcrypt hash. Resolves false, never rejects, on a mismatch,
 * an empty or malformed hash, or arguments of the wrong type.
 */
export async function verifyPassword(plain: string, storedHash: string): Promise<boolean> {
  if (typeof plain !== 'string' || typeof storedHash !== 'string' || storedHash === '') {
    return false;
  }
  try {
    return await verify(plain, storedHash);
  } catch {
    return false;
  }
}

/**
 * Spends about as long as {@link verifyPassword} against a real hash, then resolves. Call it
 * when the identity is unknown so that response times don't reveal which accounts exist.
 */
export async function dummyPasswordCheck(plain: string): Promise<void> {
  await verifyPassword(typeof plain === 'string' ? plain : '', DUMMY_HASH);
}
