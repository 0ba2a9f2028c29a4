import { ALL_PERMISSIONS } from '@app/schema';
import type { Database } from '../db/database';
import { newRecordId, newTokenKey, randomString } from '../tools/security/random';
import { hashPassword } from '../tools/security/password';
import { formatDate } from '../core/values';

export const ADMIN_ROLE_TITLE = 'Administrator';

/**
 * First start with an empty database: the Administrator role (every permission) and an
 * administrator employee. A generated password is returned so the caller can print it once.
 * The role also gains permissions added to the catalogue since.
 */
export async function bootstrap(
  db: Database,
  options: { adminEmail: string; adminPassword?: string },
): Promise<{ createdAdmin: boolean; generatedPassword?: string }> {
  return db.transaction(async (tx) => {
    const now = formatDate(new Date());
    const { rows: roles } = await tx.query<{ id: string }>(
      `SELECT "id" FROM "roles" WHERE lower("title") = lower($1)`,
      [ADMIN_ROLE_TITLE],
    );
    let roleId = roles[0]?.id;
    if (!roleId) {
      roleId = newRecordId();
      await tx.query(
        `INSERT INTO "roles" ("id","title","description","permissions","created","updated") VALUES ($1,$2,$3,$4::jsonb,$5,$5)`,
        [
          roleId,
          ADMIN_ROLE_TITLE,
          'Every permission. Give it to few people.',
          JSON.stringify(ALL_PERMISSIONS),
          now,
        ],
      );
    } else {
      await tx.query(`UPDATE "roles" SET "permissions" = $2::jsonb WHERE "id" = $1`, [
        roleId,
        JSON.stringify(ALL_PERMISSIONS),
      ]);
    }
    const { rows: employees } = await tx.query(`SELECT 1 FROM "employees" LIMIT 1`);
    if (employees.length > 0) return { createdAdmin: false };
    const generated = options.adminPassword
      ? undefined
      : randomString(16, 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    const password = options.adminPassword ?? generated!;
    await tx.query(
      `INSERT INTO "employees" ("id","email","emailVisibility","verified","password","tokenKey","name","employment_status","roles","created","updated")
       VALUES ($1,$2,TRUE,TRUE,$3,$4,$5,'Active',$6::jsonb,$7,$7)`,
      [
        newRecordId(),
        options.adminEmail.toLowerCase(),
        await hashPassword(password),
        newTokenKey(),
        'Administrator',
        JSON.stringify([roleId]),
        now,
      ],
    );
    return { createdAdmin: true, generatedPassword: generated };
  });
}
