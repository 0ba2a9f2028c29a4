/**
 * Admin commands: `tsx src/cli.ts seed-demo` loads a small demo organisation, each area its part.
 */
import { buildApp, type BuiltApp } from './app';
import { readConfig } from './config';
import { buildAuthState } from './core/auth';
import type { Row } from './core/record-export';
import type { RequestInfo } from './core/request-info';
import { runDemoSeed, type DemoAccount } from './domain/demo-seed';
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

/** Loads every area's demo data; `admin` is the administrator line to list with the accounts. */
async function seedDemo(built: BuiltApp, adminEmail: string, admin: DemoAccount): Promise<void> {
  const request = await adminRequest(built, adminEmail);
  const { rows: marker } = await built.db.query(
    `SELECT 1 FROM "roles" WHERE "title" = 'HR officer'`,
  );
  if (marker.length) {
    console.log('The demo organisation is already loaded.');
    return;
  }
  const { accounts, counts } = await runDemoSeed(built.engine, request, AREAS);
  const all = [admin, ...accounts];
  const emailWidth = Math.max(...all.map((a) => a.email.length));
  const passwordWidth = Math.max(...all.map((a) => a.password.length));
  console.log(
    framed([
      `Loaded the demo organisation: ${counts.join(', ')}.`,
      '',
      'Accounts you can sign in with (email, password):',
      ...all.map(
        (a) => `  ${a.email.padEnd(emailWidth)}  ${a.password.padEnd(passwordWidth)}  ${a.note}`,
      ),
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
  // Until told otherwise the administrator existed already, with a password set back then.
  let admin: DemoAccount = {
    email: config.adminEmail,
    password: '(unchanged)',
    note: 'administrator, every permission',
  };
  const built = await buildApp(config, {
    onAdminCreated: (email, generated) => {
      admin = {
        email,
        password: generated ?? '(ADMIN_PASSWORD)',
        note: generated
          ? 'administrator, every permission; password shown only this once'
          : 'administrator, every permission',
      };
    },
  });
  try {
    await seedDemo(built, config.adminEmail, admin);
  } catch (err) {
    // A password generated just now must not be lost with a failed seed.
    console.log(framed([`${admin.email}  ${admin.password}  ${admin.note}`]));
    throw err;
  } finally {
    await built.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
