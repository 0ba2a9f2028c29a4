import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../../src/core/errors';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const admin = () => ({ authorization: t.adminToken });
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.stop());

async function countSkills(title: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "volunteer_skills" WHERE "title" = $1`,
    [title],
  );
  return rows[0].n;
}

describe('hooks run inside the change', () => {
  it('an after-hook that refuses undoes the write and answers with its field errors', async () => {
    t.engine.hooks.on('volunteer_skills', {
      afterCreate: async ({ tx, record }) => {
        // The hook sees the row it was given through the change's own transaction.
        const { rows } = await tx.query(`SELECT 1 FROM "volunteer_skills" WHERE "id" = $1`, [
          record.id,
        ]);
        if (rows.length === 1 && record.title === 'Refused by a hook')
          throw badRequest('Failed to create record.', {
            title: { code: 'validation_refused', message: 'Not this one.' },
          });
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections/volunteer_skills/records',
      headers: admin(),
      payload: { title: 'Refused by a hook' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.title.code).toBe('validation_refused');
    expect(await countSkills('Refused by a hook')).toBe(0);
    const { rows: audit } = await t.db.query(
      `SELECT 1 FROM "user_activities" WHERE "after"::text LIKE '%Refused by a hook%'`,
    );
    expect(audit).toHaveLength(0);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/collections/volunteer_skills/records',
      headers: admin(),
      payload: { title: 'Accepted by the hook' },
    });
    expect(ok.statusCode).toBe(200);
    expect(await countSkills('Accepted by the hook')).toBe(1);
  });

  it('update and delete hooks get the stored rows; a refusing afterDelete keeps the record', async () => {
    const seen: string[] = [];
    t.engine.hooks.on('volunteer_skills', {
      afterUpdate: async ({ record, previous }) => {
        seen.push(`${String(previous.title)} -> ${String(record.title)}`);
      },
      beforeDelete: async ({ record }) => {
        seen.push(`deleting ${String(record.title)}`);
      },
      afterDelete: async ({ record }) => {
        if (record.title === 'Kept') throw badRequest('Cannot delete this skill.');
      },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/collections/volunteer_skills/records',
      headers: admin(),
      payload: { title: 'Before' },
    });
    const id = created.json().id as string;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/volunteer_skills/records/${id}`,
      headers: admin(),
      payload: { title: 'Kept' },
    });
    expect(updated.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/volunteer_skills/records/${id}`,
      headers: admin(),
    });
    expect(removed.statusCode).toBe(400);
    expect(seen).toEqual(['Before -> Kept', 'deleting Kept']);
    expect(await countSkills('Kept')).toBe(1);
  });
});
