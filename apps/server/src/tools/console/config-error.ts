/**
 * A setting the server cannot start with. Its message says which and what it takes; the server
 * prints only that message, not a stack trace (server.ts).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
