import { defineConfig } from 'vitest/config';
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
// DATABASE_URL is set (each test file gets a database of its own).
const databaseTests = ['app/api/**/*.test.ts', 'lib/server/**/*.test.ts'];

export default defineConfig({
  ...shared,
  test: {
    server: { deps: { inline: ['next-intl'] } },
    projects: [
      {
        ...shared,
        test: {
          name: 'pglite',
          include: ['**/*.test.{ts,tsx}'],
          exclude: ['node_modules/**', 'e2e/**', '.next/**', '.data/**', '.tmp/**'],
          environment: 'node',
          env: { TEST_DATABASE: 'pglite', REDIS_URL: '', DATA_DIR: '.data/test-pglite', LOG_LEVEL: 'silent' },
          server: { deps: { inline: ['next-intl'] } },
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
                include: databaseTests,
                environment: 'node',
                env: { TEST_DATABASE: 'postgres', REDIS_URL: '', DATA_DIR: '.data/test-postgres', LOG_LEVEL: 'silent' },
                server: { deps: { inline: ['next-intl'] } },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
