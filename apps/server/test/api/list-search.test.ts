/**
 * A "contains" search's page is read in one of two ways, by how many rows match
 * (core/records.ts, `searchQuery`): through the trigram indexes when few match, by walking the
 * sort's index when many do. Both must give the same rows, in the same order, with the same
 * total as the list without a search. (Which is faster where is measured in bench/hr.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

type ListBody = { items: Array<{ id: string; name: string }>; totalItems: number };

let t: TestApp;
/** Every 173rd row is rare: 7 of 1,300. The 1,293 others are more than the engine's "few" (1,000). */
const ROWS = 1300;
const RARE = 7;

beforeAll(async () => {
  t = await startTestApp();
  // Common names first, the rare ones spread among them, every row with its own `created`.
  await t.db.query(
    `INSERT INTO "members" ("id", "membership_number", "name", "email", "membership_status", "created", "updated")
     SELECT substr(md5('s' || i), 1, 15), 'S-' || lpad(i::text, 5, '0'),
            CASE WHEN i % 173 = 0 THEN 'Rare Person ' || i ELSE 'Common Name ' || i END,
            'search' || i || '@example.org', 'Active',
            to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS.MS"Z"'),
            to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS.MS"Z"')
       FROM generate_series(1, $1::int) AS i`,
    [ROWS],
  );
  await t.db.query('ANALYZE "members"');
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

async function list(query: string): Promise<ListBody> {
  const res = await t.app.inject({
    url: `/api/collections/members/records?${query}`,
    headers: { authorization: t.adminToken },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ListBody;
}

const names = (body: ListBody) => body.items.map((item) => item.name);

describe('a "contains" search over members', () => {
  it('with few matches: every match, newest first, and the right total', async () => {
    const found = await list(
      `perPage=30&sort=-created&filter=${encodeURIComponent('name ~ "rare pers"')}`,
    );
    expect(found.totalItems).toBe(RARE);
    // The same rows as a search the engine cannot read through the trigram indexes.
    const exact = await list(
      `perPage=30&sort=-created&filter=${encodeURIComponent('name >= "Rare" && name < "Rarf"')}`,
    );
    expect(exact.totalItems).toBe(RARE);
    expect(names(found)).toEqual(names(exact));
    expect(names(found)[0]).toBe('Rare Person 1211');
  });

  it('with many matches: each page, newest first, and the right total', async () => {
    for (const page of [1, 2, 44]) {
      const found = await list(
        `page=${page}&perPage=30&sort=-created&filter=${encodeURIComponent('name ~ "common"')}`,
      );
      const exact = await list(
        `page=${page}&perPage=30&sort=-created&filter=${encodeURIComponent('name >= "Common" && name < "Commoo"')}`,
      );
      expect(found.totalItems).toBe(exact.totalItems);
      expect(found.totalItems).toBeGreaterThan(1000);
      expect(names(found)).toEqual(names(exact));
      expect(found.totalItems).toBe(ROWS - RARE);
      expect(found.items.length).toBe(page === 44 ? ROWS - RARE - 43 * 30 : 30);
    }
  });

  it('a search that matches nothing: no rows, a total of 0', async () => {
    const found = await list(`perPage=30&filter=${encodeURIComponent('name ~ "nobody here"')}`);
    expect(found).toMatchObject({ items: [], totalItems: 0 });
  });
});
