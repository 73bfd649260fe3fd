import { Placeholder, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db/client';
import { withTestDatabase } from '@/test/database';
import { listPage } from './request-rows';

withTestDatabase();

describe('the requests list’s query plan', () => {
  // The list is a prepared statement: after a few runs PostgreSQL keeps one generic
  // plan for every account. Drafts are left out of the index it reads, because each
  // autosave of a draft leaves an index entry the list would otherwise step over.
  it('reads the index of sent requests in the plan made once for any account', async () => {
    const db = await getDb();
    const { sql: text, params } = listPage(db, false).toSQL();
    // The statement's own values (the page size) as they are; its placeholders: any account, the first page.
    const given: Record<string, unknown> = { userId: '00000000-0000-4000-8000-000000000000', offset: 0 };
    const values = params.map((param) => (param instanceof Placeholder ? given[param.name] : param));
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      // The test's tables are small enough to read whole: ask whether the index can serve the list.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql.raw(`prepare list_plan_check as ${text}`));
      const result = (await tx.execute(sql.raw(`explain (format json) execute list_plan_check(${values.map(literal).join(', ')})`))) as unknown as { rows: unknown[] };
      await tx.execute(sql`deallocate list_plan_check`);
      return JSON.stringify(result.rows);
    });
    expect(plan).toContain('requests_user_sent_idx');
  });
});
