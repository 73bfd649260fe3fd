import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '@/lib/server/db/client';
import { migrationsHash, postgresTemplateName } from './database-template';

/**
 * Once per run: a database on the DATABASE_URL server with every migration,
 * which each test file copies (CREATE DATABASE … TEMPLATE) instead of
 * migrating a new one. Templates of other migrations are left alone: another
 * checkout's run may be copying one (a few MB each on a test server).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the postgres project needs DATABASE_URL');
  const name = postgresTemplateName(migrationsHash());
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (!rows.length) {
      // Made under another name and renamed when complete: a run stopped half-way leaves no broken template.
      const building = `portal_template_build_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString());
      await database.close();
      // Another run may have finished the same template first: then this copy goes.
      await admin.query(`alter database ${building} rename to ${name}`).catch(async (error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
        await admin.query(`drop database ${building}`);
      });
    }
  } finally {
    await admin.end();
  }
  project.provide('postgresTemplate', name);
}
