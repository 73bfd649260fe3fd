import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { invitedStaff, useOpsKey } from '@/test/staff';
import { getDb } from '@/lib/server/db/client';
import { auditLog } from '@/lib/server/db/schema';

withTestDatabase();

/** How many rows the audit log holds, read through the app's own connection. */
async function auditRows() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row!.n;
}

/** The statement's error as the database gave it (drizzle wraps it: the cause carries PostgreSQL's message). */
async function refusal(statement: ReturnType<typeof sql>) {
  const db = await getDb();
  try {
    await db.execute(statement);
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
      messages.push(String((current as { message?: unknown }).message));
    }
    return messages.join(' | ');
  }
  return 'accepted';
}

// The audit log is append-only (issue 18; the security issue's item 8): the app's own
// connection, whatever its rights, can neither change, delete nor empty it.
describe('the audit log cannot be wiped', () => {
  it('refuses UPDATE, DELETE and TRUNCATE (direct or cascaded from staff) through the app’s connection, rows intact', async () => {
    useOpsKey();
    try {
      // Adding a member writes an audit row ("staff.add" by the ops key).
      await invitedStaff('finance');
      await invitedStaff('reviewer');
    } finally {
      useOpsKey(undefined);
    }
    const before = await auditRows();
    expect(before).toBeGreaterThanOrEqual(2);

    for (const statement of [
      sql`update audit_log set action = 'forged'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
      sql`truncate table only audit_log restart identity`,
      // staff is referenced by audit_log: CASCADE would empty the log with it.
      sql`truncate staff cascade`,
    ]) {
      const answer = await refusal(statement);
      expect(await auditRows()).toBe(before);
      expect(answer).toMatch(/audit_log is append-only/);
    }
    // Appending still works.
    const db = await getDb();
    await db.execute(sql`insert into audit_log (actor_kind, action) values ('ops_key', 'test.append')`);
    expect(await auditRows()).toBe(before + 1);
  });
});
