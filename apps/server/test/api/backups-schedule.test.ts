/**
 * Scheduled backups (BACKUP_CRON, BACKUP_KEEP): backups are made at the cron times, the oldest
 * scheduled ones beyond the count are deleted, backups made by hand are kept; bad settings are
 * refused at start with a message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';
import { scheduleBackups, validateCron } from '../../src/core/backup/schedule';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('scheduled backups', () => {
  it('makes a backup at every cron time and keeps only the newest BACKUP_KEEP', async () => {
    const manual = await t.backups.create('by-hand.zip', 'cli');
    expect(manual.key).toBe('by-hand.zip');
    const log: string[] = [];
    // Every second (croner's optional seconds field), keeping two.
    const schedule = scheduleBackups(t.backups, {
      expression: '* * * * * *',
      keep: 2,
      log: (message, err) => log.push(err ? `${message}: ${String(err)}` : message),
    });
    try {
      expect(schedule.next()).toBeInstanceOf(Date);
      await expect
        .poll(() => log.filter((l) => l.includes('deleted')).length, {
          timeout: 60_000,
          interval: 200,
        })
        .toBeGreaterThanOrEqual(1);
    } finally {
      schedule.stop();
    }
    // A run still going when stopped finishes; wait for the list to settle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const keys = (await t.backups.list()).map((b) => b.key);
    const scheduled = keys.filter((k) => k.startsWith('auto_backup_'));
    expect(scheduled.length).toBeLessThanOrEqual(2);
    expect(scheduled.length).toBeGreaterThan(0);
    expect(keys).toContain('by-hand.zip');
    expect(log.filter((l) => l.includes('failed'))).toEqual([]);
    const { rows } = await t.db.query<{ actor_name: string; action: string }>(
      `SELECT "actor_name", "action" FROM "user_activities" WHERE "actor_name" = 'Scheduled backup'`,
    );
    expect(rows.some((r) => r.action === 'BACKUP_CREATE')).toBe(true);
    expect(rows.some((r) => r.action === 'BACKUP_DELETE')).toBe(true);
  }, 90_000);

  it('refuses a bad BACKUP_CRON or BACKUP_KEEP with a message', () => {
    expect(() => validateCron('every night')).toThrow(
      /BACKUP_CRON "every night" is not a valid cron expression/,
    );
    expect(() => validateCron('61 * * * *')).toThrow(/not a valid cron expression/);
    expect(() => validateCron('0 3 * * *')).not.toThrow();
    expect(() => validateCron('@daily')).not.toThrow();
    expect(readConfig({}).backupCron).toBeUndefined();
    expect(readConfig({}).backupKeep).toBe(3);
    expect(readConfig({ BACKUP_CRON: ' 0 3 * * * ', BACKUP_KEEP: '7' })).toMatchObject({
      backupCron: '0 3 * * *',
      backupKeep: 7,
    });
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => readConfig({ BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP must be a whole number/);
  });
});
