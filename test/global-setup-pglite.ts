import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { openPglite } from '@/lib/server/db/client';
import { migrationsHash, PGLITE_TEMPLATE_DIR, pgliteTemplateFile } from './database-template';

/**
 * Once per run: a PGlite database with every migration, dumped to a file each
 * test file's database is loaded from. A new PGlite spends about 2 s in initdb
 * and its migrations; loading the dump, about 0.6 s (45 files ask for one).
 */
export default async function setup(project: TestProject) {
  const file = pgliteTemplateFile(migrationsHash());
  if (!existsSync(file)) {
    mkdirSync(PGLITE_TEMPLATE_DIR, { recursive: true });
    const database = await openPglite('memory://');
    const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written whole, then renamed: a run stopped half-way leaves no broken template.
    const part = `${file}.${randomBytes(4).toString('hex')}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
  }
  project.provide('pgliteTemplate', file);
}
