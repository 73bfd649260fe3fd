import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { E2E_OPS_KEY } from '../playwright.config';

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

/** Starts `next start` on `port` with the given environment and waits until it answers. */
export async function startApp(port: number, env: Record<string, string>, timeoutMs = 90_000): Promise<AppProcess> {
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port)], {
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
