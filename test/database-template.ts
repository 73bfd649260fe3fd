import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A name for the schema the migrations in drizzle/ make: the test databases
 * are copied from a template made once per run (test/global-setup-*.ts) and
 * made again only when a migration changes.
 */
export function migrationsHash(): string {
  const folder = path.join(process.cwd(), 'drizzle');
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(folder, file)).update(readFileSync(file));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 12);
}

export const PGLITE_TEMPLATE_DIR = path.join(process.cwd(), '.data', 'test-templates');
export const pgliteTemplateFile = (hash: string) => path.join(PGLITE_TEMPLATE_DIR, `pglite-${hash}.tar`);
export const postgresTemplateName = (hash: string) => `portal_template_${hash}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite project's migrated database, dumped (PGlite's dumpDataDir). */
    pgliteTemplate: string;
    /** The PostgreSQL project's migrated database, to copy with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}
