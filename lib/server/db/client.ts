import 'server-only';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { dataDir, env } from '@/lib/server/env';
import { logger } from '@/lib/server/log/logger';
import * as schema from './schema';

/**
 * The database, or a transaction on it: drizzle's PgTransaction extends PgDatabase, and either driver's
 * database is one too, so helpers that run inside the caller's transaction take a Db as it is (ESLint
 * refuses `as Db`: eslint.config.mjs).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** `onLost`: the connection that listens died (events may be missed until `onReconnect`). */
export type Listen = (channel: string, onMessage: (payload: string) => void, onReconnect?: () => void, onLost?: () => void) => Promise<() => Promise<void>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; payloads sent with pg_notify arrive after their transaction commits. */
  listen: Listen;
  close: () => Promise<void>;
};

const MIGRATIONS = path.join(process.cwd(), 'drizzle');

/** Opens PGlite in a folder (or `memory://`) and brings its schema up to date. */
export async function openPglite(dataFolder: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<Database> {
  const { PGliteWithStatements } = await import('./pglite-statements');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataFolder.startsWith('memory://')) {
    mkdirSync(dataFolder, { recursive: true });
    if (!existsSync(path.join(dataFolder, 'PG_VERSION'))) initPgliteFolder(dataFolder);
  }
  // loadDataDir: a dump of a database already migrated (the tests' template, test/database.ts), skipping initdb.
  const client = new PGliteWithStatements(dataFolder, { postgresqlconf: PGLITE_CONF, loadDataDir });

  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const listen: Listen = async (channel, onMessage) => client.listen(channel, onMessage);
  return { db, kind: 'pglite', listen, close: () => client.close() };
}

// PostgreSQL's default 128 MB of shared buffers is sized for a dedicated server;
// embedded in the app's process it is resident memory the app cannot give back.
// Data files are still cached by the operating system.
const PGLITE_CONF = ['shared_buffers = 32MB'];

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process:
 * initdb's WebAssembly instance and file bundle stay resident in a process once
 * loaded (about 450 MB), so the server would carry them for its whole life.
 */
function initPgliteFolder(dataFolder: string) {
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[1], { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
await db.waitReady;
await db.close();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, dataFolder], { cwd: process.cwd(), stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`Could not create the PGlite database in ${dataFolder} (exit ${result.status ?? result.signal}).`);
}

/** Connects to PostgreSQL and brings its schema up to date. */
export async function openPostgres(url: string): Promise<Database> {
  const { postgresPool } = await import('./pool');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Waits, timeouts and why they differ: pool.ts.
  const pool = postgresPool(url);
  // An idle connection that dies (server restart) must not crash the process:
  // the pool drops it and opens a new one at the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    logger.warn('idle database connection lost', { code: error.code });
  });
  const db = drizzle(pool, { schema });
  if (!(await migrationsApplied(pool))) await migrate(db, { migrationsFolder: MIGRATIONS });
  const { PgListener } = await import('./pg-listener');
  const listener = new PgListener(url);
  return {
    db,
    kind: 'postgres',
    listen: (channel, onMessage, onReconnect, onLost) => listener.listen(channel, onMessage, onReconnect, onLost),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Whether PostgreSQL already has every migration in drizzle/ (by the latest's
 * timestamp, as drizzle's migrator decides). When it has, the migrator is not
 * run at all: even with nothing to apply it starts with `CREATE SCHEMA IF NOT
 * EXISTS`, which an app role that owns no table (docs/SECURITY.md: the owner
 * role runs `npm run db:migrate`, the app connects as a role with only the
 * rights it needs) may not do. With migrations missing, the migrator runs and,
 * under such a role, fails: the server does not start on an old schema.
 */
async function migrationsApplied(pool: { query: (text: string) => Promise<{ rows: { last: string | null }[] }> }): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const latest = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS }).map((migration) => migration.folderMillis));
  try {
    const { rows } = await pool.query('select max(created_at) as last from drizzle.__drizzle_migrations');
    return rows[0]?.last != null && Number(rows[0].last) >= latest;
  } catch {
    // No migrations table yet (a new database), or no right to read it: let the migrator decide.
    return false;
  }
}

function openConfigured(): Promise<Database> {
  const { DATABASE_URL } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(path.join(dataDir(), 'pglite'));
}

// One database per process, kept on globalThis so dev reloads reuse it.
const holder = globalThis as typeof globalThis & { __portalDatabase?: Promise<Database> };

/** The process's database, opened (and migrated) on first use, never at import. */
export function database(): Promise<Database> {
  if (!holder.__portalDatabase) {
    const opening = openConfigured();
    holder.__portalDatabase = opening;
    // A failed open is retried at the next use instead of being remembered.
    opening.catch(() => {
      if (holder.__portalDatabase === opening) holder.__portalDatabase = undefined;
    });
  }
  return holder.__portalDatabase;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Tests point the process at their own database. */
export function setDatabase(opening: Promise<Database> | undefined) {
  holder.__portalDatabase = opening;
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(statement: import('drizzle-orm').SQL): Promise<T[]> {
  const db = await getDb();
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
