import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { submittedRequest } from '@/test/requests';
import { getDb, queryRows } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';

// Migration 0025 (issue 58, item 8): receipt numbers recorded before, in any case, are put in their one form
// (trimmed, upper case) and indexed in it. The test database has every migration already: the old index is
// put back, rows recorded the old way are put in, and the migration's statements run over them as the
// migrator runs them.

withTestDatabase();

const STATEMENTS = readFileSync(path.join(process.cwd(), 'drizzle/0025_counter_receipt_case.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => statement.replace(/--.*$/gm, '').trim());

async function migrate() {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
  });
}

describe('migration 0025: counter receipt numbers in one form', () => {
  it('normalises the numbers recorded, gives a later copy of one number a mark of its own, and indexes the normal form', async () => {
    const db = await getDb();
    // The index as 0016 made it: on the number as typed.
    await db.execute(sql`drop index "payments_counter_receipt_key"`);
    await db.execute(sql`create unique index "payments_counter_receipt_key" on "payments" ("receipt_number") where provider = 'counter'`);
    const [cashier] = await queryRows<{ id: string }>(sql`insert into staff (email, name, role) values (${`cashier.${Date.now()}@office.example`}, 'Old Cashier', 'finance') returning id`);
    const recorded: Record<string, string> = {};
    // In the order recorded: the same receipt twice in two cases, one with spaces, one already in its form.
    for (const [name, number] of [['first', 'ctr-old-1'], ['copy', 'CTR-OLD-1'], ['third copy', ' Ctr-Old-1'], ['spaced', ' ctr-old-2 '], ['fine', 'CTR-OLD-3']] as const) {
      const { token, user } = await newUser(`Pilgrim ${name}`);
      const { id, fee } = await submittedRequest(token);
      const [row] = await queryRows<{ id: string }>(
        sql`insert into payments (request_id, user_id, provider, amount_minor, currency, status, paid_at, receipt_number, recorded_by_staff_id, created_at)
            values (${id}, ${user.id}, 'counter', ${fee}, 'SAR', 'paid', now(), ${number}, ${cashier!.id}, now() + ${`${Object.keys(recorded).length} seconds`}::interval) returning id`,
      );
      recorded[name] = row!.id;
    }
    const gateway = await queryRows<{ id: string; receipt_number: string | null }>(sql`select id, receipt_number from payments where provider <> 'counter'`);

    await migrate();

    const numbers = Object.fromEntries(
      await Promise.all(Object.entries(recorded).map(async ([name, id]) => [name, (await queryRows<{ receipt_number: string }>(sql`select receipt_number from payments where id = ${id}`))[0]!.receipt_number])),
    );
    expect(numbers).toEqual({ first: 'CTR-OLD-1', copy: 'CTR-OLD-1 (2)', 'third copy': 'CTR-OLD-1 (3)', spaced: 'CTR-OLD-2', fine: 'CTR-OLD-3' });
    // Nothing else moved.
    expect(await queryRows(sql`select id, receipt_number from payments where provider <> 'counter'`)).toEqual(gateway);

    // The index is on the normal form: the same number in another case or with spaces is refused.
    const [first] = await queryRows<{ request_id: string; user_id: string }>(sql`select request_id, user_id from payments where id = ${recorded.first}`);
    const again = await db
      .execute(
        sql`insert into payments (request_id, user_id, provider, amount_minor, currency, status, receipt_number, recorded_by_staff_id, part)
            values (${first!.request_id}, ${first!.user_id}, 'counter', 1, 'SAR', 'failed', ' ctr-old-2', ${cashier!.id}, 'instalment-9')`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(again)).toBe(true);
    const [index] = await queryRows<{ definition: string }>(sql`select pg_get_indexdef(indexrelid) as definition from pg_index where indexrelid = 'payments_counter_receipt_key'::regclass`);
    expect(index!.definition).toMatch(/upper\(btrim\(receipt_number\)\)\).*WHERE \(provider = 'counter'::text\)/);

    // Run again, it changes nothing.
    await migrate();
    expect((await queryRows<{ receipt_number: string }>(sql`select receipt_number from payments where id = ${recorded.copy}`))[0]!.receipt_number).toBe('CTR-OLD-1 (2)');
  });
});
