import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_OPS_KEY } from '../playwright.config';
import { KEEP_ALIVE_MS } from '../scripts/start-args.mjs';

// Helpers for the tests that run the built app as processes of their own
// (fault tests, several instances): `next start` of the build the e2e web
// server made, on the database the test chooses.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * A port for a test's own process: E2E_PORT + 20 + slot, so a run stays in the
 * range of ports it was given (E2E_PORT … E2E_PORT + 49).
 */
export function portFor(slot: number) {
  return BASE_PORT + 20 + slot;
}

const ROOT = path.resolve(__dirname, '..');
const MIGRATIONS = path.join(ROOT, 'drizzle');

/**
 * Empties `dataDir` and puts in it a PGlite database already migrated (`dataDir/pglite`, where the app opens it when
 * DATABASE_URL is empty), copied from a template made once per set of migrations: a fresh folder cost each start of an
 * app of a test's own about 4 s of initdb and migrations (5.8 s against 2.0 s, docs/TESTING.md, eleventh round). The
 * app still runs its migrator on start, which finds nothing to apply; what it checks on start is unchanged.
 */
export function migratedDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The template's folder, named by the migrations and PGlite's version, so a new migration makes a new one. */
function pgliteTemplate() {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  for (const file of files(MIGRATIONS)) hash.update(path.relative(MIGRATIONS, file)).update(readFileSync(file));
  const name = `e2e-pglite-template-${hash.digest('hex').slice(0, 12)}`;
  const template = path.join(ROOT, '.data', name);
  if (existsSync(template)) return template;
  // Made aside and renamed into place: two workers may make it at once, and neither sees a half-made one.
  const aside = `${template}.${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  // As the app makes and migrates its own (lib/server/db/client.ts: initdb with its settings, then drizzle's migrator).
  const script = `import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
const db = new PGlite(process.argv[1], { postgresqlconf: ['shared_buffers = 32MB'] });
await migrate(drizzle(db), { migrationsFolder: process.argv[2] });
await db.close();`;
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', script, aside, MIGRATIONS], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (made.status !== 0) throw new Error(`could not make the migrated PGlite template (exit ${made.status ?? made.signal})`);
  try {
    renameSync(aside, template);
  } catch {
    // Another worker's came first: the same migrations, so the same template.
    rmSync(aside, { recursive: true, force: true });
  }
  // Templates of older migrations are left to nobody.
  for (const old of readdirSync(path.join(ROOT, '.data'))) {
    if (/^e2e-pglite-template-[0-9a-f]{12}$/.test(old) && old !== name) rmSync(path.join(ROOT, '.data', old), { recursive: true, force: true });
  }
  return template;
}

export async function adminQuery(databaseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the DATABASE_URL server, and its URL. */
export async function createDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

export type AppProcess = { origin: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** Starts the app's server (scripts/server.mjs, as `npm start` runs it) on `port` with the given environment and waits until it answers. */
export async function startApp(port: number, env: Record<string, string>, timeoutMs = 90_000): Promise<AppProcess> {
  // Idle connections kept as `npm start` keeps them: with Node's 5 s, a pooled connection the test's client reused
  // after a pause (a mail awaited) could be closed under it, and the request died with ECONNRESET (instances.spec.ts).
  const child = spawn(process.execPath, ['scripts/server.mjs', '-p', String(port), '--keepAliveTimeout', KEEP_ALIVE_MS], {
    // Tests register many accounts from this machine's one address: the registration limit is raised (it is tested in Vitest).
    env: { ...process.env, OPS_API_KEY: E2E_OPS_KEY, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the failure message: why an instance did not start is otherwise invisible.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    origin,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    last = await fetch(`${origin}/api/v1/request-types`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => String(r.status),
      (error: Error) => String(error.cause ?? error),
    );
    if (last === '200') return app;
    await new Promise((r) => setTimeout(r, 300));
  }
  await app.stop();
  throw new Error(`the app on port ${port} did not start (last answer: ${last}):\n${output}`);
}

/** Registers a new account and answers its bearer token. */
export async function registerUser(origin: string, label: string) {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
