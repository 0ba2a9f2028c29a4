/**
 * Admin commands: `tsx src/cli.ts seed-demo` loads a small demo organisation, each area its part.
 */
import { buildApp, type BuiltApp } from './app';
import { readConfig } from './config';
import { buildAuthState } from './core/auth';
import type { Row } from './core/record-export';
import type { RequestInfo } from './core/request-info';
import { runDemoSeed } from './domain/demo-seed';
import { AREAS } from './domain/index';
import { framed } from './tools/console/framed';

async function adminRequest(built: BuiltApp, email: string): Promise<RequestInfo> {
  const employees = built.engine.registry.get('employees')!;
  const { rows } = await built.db.query<Row>(
    `SELECT * FROM "employees" WHERE lower("email") = lower($1)`,
    [email],
  );
  if (!rows[0]) throw new Error(`no administrator ${email}: start the server once first`);
  return {
    auth: await buildAuthState(built.db, employees, rows[0]),
    method: 'POST',
    context: 'default',
    query: {},
    headers: {},
    body: {},
  };
}

async function seedDemo(built: BuiltApp, adminEmail: string): Promise<void> {
  const request = await adminRequest(built, adminEmail);
  const { rows: marker } = await built.db.query(
    `SELECT 1 FROM "roles" WHERE "title" = 'HR officer'`,
  );
  if (marker.length) {
    console.log('The demo organisation is already loaded.');
    return;
  }
  const { accounts, counts } = await runDemoSeed(built.engine, request, AREAS);
  const width = Math.max(...accounts.map((a) => a.email.length));
  console.log(
    framed([
      `Loaded the demo organisation: ${counts.join(', ')}.`,
      '',
      'Accounts you can sign in with:',
      ...accounts.map((a) => `  ${a.email.padEnd(width)}  ${a.password}  ${a.note}`),
    ]),
  );
}

async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  const config = { ...readConfig(), logger: false };
  if (command !== 'seed-demo') {
    console.error('Usage: tsx src/cli.ts seed-demo');
    process.exit(2);
  }
  let notice: string[] = [];
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) => {
      notice = generated
        ? [`Created the administrator ${email} with the password: ${generated}`]
        : [`Created the administrator ${email} with ADMIN_PASSWORD.`];
    },
  });
  try {
    await seedDemo(built, config.adminEmail);
    if (notice.length) console.log(framed(notice));
  } finally {
    await built.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
