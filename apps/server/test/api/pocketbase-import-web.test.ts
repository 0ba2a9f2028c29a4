import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PERMISSIONS } from '@app/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPocketBaseBackup,
  OLD_PASSWORD,
  zipBackup,
} from '../fixtures/pocketbase/build-backup';
import { multipart } from '../helpers/multipart';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The import from the web (Settings → Import): upload, dry run, confirmation, progress; who may
 * do it; and what a file that is no backup gets.
 */
let t: TestApp;
let zip: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  const dir = mkdtempSync(join(tmpdir(), 'pb-web-'));
  const backup = await buildPocketBaseBackup(join(dir, 'pb_data'));
  zip = readFileSync(await zipBackup(backup.dir, join(dir, 'pb_backup.zip')));
});
afterAll(async () => t.stop());

async function upload(token: string, data: Buffer, filename = 'pb_backup.zip') {
  const body = await multipart([['file', { filename, data, type: 'application/zip' }]]);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports/pocketbase',
    headers: { ...body.headers, authorization: token },
    payload: body.payload,
  });
}

/** Polls the job until it leaves `state` (the work runs in the background). */
async function until(id: string, leaving: string) {
  for (let i = 0; i < 600; i++) {
    const job = (
      await t.app.inject({
        method: 'GET',
        url: `/api/imports/pocketbase/${id}`,
        headers: { authorization: t.adminToken },
      })
    ).json();
    if (job.state !== leaving) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the job stayed ${leaving}`);
}

const employees = async () =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "employees"`)).rows[0].n);

describe('PocketBase import from the web', () => {
  it('is refused to an account without every permission, even with settings.update', async () => {
    const almost = await t.employeeWith(ALL_PERMISSIONS.filter((p) => p !== 'payroll.pay'));
    const response = await upload(almost.token, zip);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('administrator');
    expect((await upload('', zip)).statusCode).toBe(401);
  });

  it('uploads, dry-runs without writing, imports on confirmation, and the old password signs in', async () => {
    const before = await employees();
    const started = await upload(t.adminToken, zip);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ state: 'checking', name: 'pb_backup.zip' });
    const checked = await until(started.json().id, 'checking');
    expect(checked.state).toBe('checked');
    expect(checked.check.dryRun).toBe(true);
    expect(
      checked.check.collections.find((c: { name: string }) => c.name === 'employees').toImport,
    ).toBe(2);
    expect(await employees()).toBe(before);

    // Only one job at a time; a job not yet checked cannot be confirmed twice.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/imports/pocketbase/${checked.id}/confirm`,
      headers: { authorization: t.adminToken },
    });
    expect(confirmed.statusCode).toBe(202);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/imports/pocketbase/${checked.id}/confirm`,
      headers: { authorization: t.adminToken },
    });
    expect(again.statusCode).toBe(409);
    const done = await until(checked.id, 'importing');
    expect(done.state).toBe('done');
    expect(done.report.dryRun).toBe(false);
    expect(done.progress).toMatchObject({ group: expect.any(String) });
    expect(await employees()).toBe(before + 2);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/collections/employees/auth-with-password',
      payload: { identity: 'omer@old.org', password: OLD_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  }, 60_000);

  it('says a file is not a backup, without internals', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'pb-bad-'));
    writeFileSync(join(bad, 'notes.zip'), 'not a zip at all');
    const started = await upload(t.adminToken, readFileSync(join(bad, 'notes.zip')), 'notes.zip');
    expect(started.statusCode).toBe(202);
    const failed = await until(started.json().id, 'checking');
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/not a readable zip|could not be read/);
    expect(failed.error).not.toContain('/');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/imports/pocketbase/nosuchjob000000',
      headers: { authorization: t.adminToken },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('runs one of two uploads that arrive together; the other gets 409 and is not kept', async () => {
    const answers = await Promise.all([upload(t.adminToken, zip), upload(t.adminToken, zip)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toBe(
      'An import is already running: wait until it has finished.',
    );
    const started = answers.find((a) => a.statusCode === 202)!.json();
    expect(readdirSync(join(t.config.dataDir, 'imports', 'uploads'))).toEqual([
      expect.stringMatching(/\.zip$/),
    ]);
    const checked = await until(started.id, 'checking');
    expect(checked.state).toBe('checked');
  }, 60_000);
});
