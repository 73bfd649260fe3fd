#!/usr/bin/env node
// `npm run db:migrate`: brings the configured database up to date with the SQL
// migrations in drizzle/, exactly as the server does when it starts
// (lib/server/db/client.ts): PostgreSQL when DATABASE_URL is set, otherwise
// PGlite in DATA_DIR/pglite.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const migrationsFolder = path.resolve(import.meta.dirname, '..', 'drizzle');
const url = process.env.DATABASE_URL;

if (url) {
  if (!/^postgres(ql)?:\/\/.+/.test(url)) {
    console.error('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    process.exit(1);
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url });
  await migrate(drizzle(pool), { migrationsFolder });
  await pool.end();
  console.log('Migrations applied (PostgreSQL).');
} else {
  const dataDir = path.resolve(process.env.DATA_DIR || '.data', 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite(dataDir);
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  console.log(`Migrations applied (PGlite in ${dataDir}).`);
}
