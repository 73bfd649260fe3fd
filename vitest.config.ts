import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const shared = {
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      'server-only': path.resolve(__dirname, 'test/server-only.ts'),
    },
  },
};

// Everything runs on PGlite; the database tests run again on PostgreSQL when
// DATABASE_URL is set (each test file gets a database of its own). A database
// test is a file that asks for a database (withTestDatabase(), test/database.ts)
// or reads TEST_DATABASE itself: the others (parsers, headers, storage) would only
// repeat themselves.
const skipped = new Set(['node_modules', '.next', '.data', '.tmp', '.git', 'e2e']);
function testFiles(dir: string): string[] {
  return readdirSync(path.join(__dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
// The files that walk the whole API surface (every route × every role, fuzzed and hostile bodies, the cache
// headers of every operation) run on PGlite only: what they test is the routes' checks, which answer before
// anything the two databases could do differently, and they were 94 s of a PGlite run here, as much again on
// PostgreSQL (issue 60, item 8). The data layer's own tests (holds, payments, races, migrations, the pool) run on both.
const API_SURFACE_WALKS = new Set([
  'app/api/v1/contract-fuzz-1.test.ts',
  'app/api/v1/contract-fuzz-2.test.ts',
  'app/api/v1/fuzz.test.ts',
  'app/api/v1/authorization-matrix.test.ts',
  'app/api/v1/office/office-authorization-matrix.test.ts',
  'app/api/v1/personal-answers.test.ts',
]);
const databaseTests = testFiles('').filter(
  (file) => !API_SURFACE_WALKS.has(file) && /withTestDatabase\(|TEST_DATABASE/.test(readFileSync(path.join(__dirname, file), 'utf8')),
);
// A test of PostgreSQL alone (its pool, its driver) is named *.postgres.test.ts: it runs in the postgres project only.
const POSTGRES_ONLY = '**/*.postgres.test.ts';

// Vitest's default on two cores is one worker; each test file has a database of
// its own and no fixed port, so files run side by side, one per core (a file
// spends much of its time waiting on PostgreSQL or on scrypt's threads).
const maxWorkers = Math.max(2, availableParallelism());
// Worker threads rather than child processes: the PGlite project ran in 366 s against 405 (2026-11-27, same
// machine, one run each); each file still gets fresh modules (isolate), and every test passed both ways.
const pool = 'threads';

export default defineConfig({
  ...shared,
  test: {
    server: { deps: { inline: ['next-intl'] } },
    maxWorkers,
    projects: [
      {
        ...shared,
        test: {
          name: 'pglite',
          include: ['**/*.test.{ts,tsx}'],
          exclude: ['node_modules/**', 'e2e/**', '.next/**', '.data/**', '.tmp/**', POSTGRES_ONLY],
          pool,
          environment: 'node',
          env: { TEST_DATABASE: 'pglite', REDIS_URL: '', DATA_DIR: '.data/test-pglite', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
          server: { deps: { inline: ['next-intl'] } },
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/global-setup-pglite.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              ...shared,
              test: {
                name: 'postgres',
                include: [...databaseTests, POSTGRES_ONLY],
                pool,
          environment: 'node',
                env: { TEST_DATABASE: 'postgres', REDIS_URL: '', DATA_DIR: '.data/test-postgres', LOG_LEVEL: 'silent' },
                server: { deps: { inline: ['next-intl'] } },
                setupFiles: ['test/setup.ts'],
                globalSetup: ['test/global-setup-postgres.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
