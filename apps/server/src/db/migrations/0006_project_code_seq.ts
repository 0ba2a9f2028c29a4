import { sqlMigration } from '../migration';

// Hand-written: project codes (P-00001, …) come from a sequence so concurrent creates never
// collide; projects created before this migration get theirs in creation order.
export const migration = sqlMigration('0006_project_code_seq', [
  'CREATE SEQUENCE IF NOT EXISTS "projects_code_seq"',
  `UPDATE "projects" p SET "code" = 'P-' || lpad(nextval('"projects_code_seq"')::text, 5, '0')
     FROM (SELECT "id" FROM "projects" WHERE "code" = '' ORDER BY "created", "_rowid") o
    WHERE p."id" = o."id"`,
]);
