import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, MAX_WORKERS, readConfig } from '../../src/config';

describe('WORKERS', () => {
  const postgres = { DATABASE_URL: 'postgres://localhost/db' };

  it('is one process per core on PostgreSQL and one on PGlite by default', () => {
    expect(readConfig(postgres).workers).toBe(availableParallelism());
    expect(readConfig({}).workers).toBe(1);
    expect(readConfig({ ...postgres, WORKERS: ' ' }).workers).toBe(availableParallelism());
  });

  it('takes a whole number from 1 to the maximum', () => {
    expect(readConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(readConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', '-2', '1.5', 'two', String(MAX_WORKERS + 1)])
      expect(() => readConfig({ ...postgres, WORKERS: bad })).toThrow(
        `WORKERS must be a whole number from 1 to ${MAX_WORKERS}, not "${bad}".`,
      );
  });

  it('refuses more than one process on the embedded database, saying why', () => {
    expect(() => readConfig({ WORKERS: '2' })).toThrow(
      'WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process.',
    );
  });
});

describe('PGLITE_THREAD', () => {
  it('runs the embedded database in its own thread unless turned off', () => {
    expect(readConfig({}).pgliteThread).toBe(true);
    expect(readConfig({ PGLITE_THREAD: 'on' }).pgliteThread).toBe(true);
    expect(readConfig({ PGLITE_THREAD: 'off' }).pgliteThread).toBe(false);
  });
});

describe('PORT', () => {
  it('is 8090 by default and otherwise a whole number from 1 to 65535', () => {
    expect(readConfig({}).port).toBe(8090);
    expect(readConfig({ PORT: ' ' }).port).toBe(8090);
    expect(readConfig({ PORT: '8097' }).port).toBe(8097);
    for (const bad of ['0', '-1', '80.5', 'eighty', '65536'])
      expect(() => readConfig({ PORT: bad })).toThrow(
        new ConfigError(`PORT must be a whole number from 1 to 65535, not "${bad}".`),
      );
  });

  it('is a setting error, as the other bad settings are', () => {
    expect(() => readConfig({ WORKERS: 'two' })).toThrow(ConfigError);
    expect(() => readConfig({ BACKUP_KEEP: '0' })).toThrow(ConfigError);
  });
});
