import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, setDatabase, type Database } from '@/lib/server/db/client';
import { HAJJ_YEAR, hijriFromNow } from './answers';
import './database-template';

/**
 * Gives the calling test file a database of its own: a PGlite in memory, or,
 * in the PostgreSQL project, a new database on the DATABASE_URL server that is
 * dropped afterwards. Each is a copy of a template the migrations made once
 * for the run (test/global-setup-pglite.ts, test/global-setup-postgres.ts).
 */
export function withTestDatabase() {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE === 'postgres') {
      const adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
      const { Client } = await import('pg');
      const name = `portal_test_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
      // A test database is dropped at the file's end: a commit need not wait for the disk (a crash loses nothing
      // a test needs). What is tested (locks, constraints, isolation) is the same either way.
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      database = await openPostgres(url.toString());
      dropDatabase = async () => {
        const cleanup = new Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    } else {
      database = await openPglite('memory://', { loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    }
    // Seasons open around today, whatever today is: only a month that has not passed can be chosen, and the
    // seeded seasons (drizzle/0002) end in 1448. Two months back, so a past month inside the season can be tried.
    await database.db.execute(sql`update request_types set season_start = ${hijriFromNow(-2, 1)}, season_end = ${hijriFromNow(12, 29)}`);
    // Hajj as pilgrims know it (docs/PLACES.md): applications close next month, Hajj is 8-13 Dhu al-Hijjah of next
    // year and its season runs to Hajj's last day; applications stay open, and Dhu al-Hijjah is ahead, whatever today is.
    await database.db.execute(
      sql`update request_types set applications_close = ${hijriFromNow(1, 29)}, pilgrimage_start = ${`08-12-${HAJJ_YEAR}`}, pilgrimage_end = ${`13-12-${HAJJ_YEAR}`}, season_end = ${`13-12-${HAJJ_YEAR}`} where id = 'hajj'`,
    );
    setDatabase(Promise.resolve(database));
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
    await dropDatabase?.();
  });
}
