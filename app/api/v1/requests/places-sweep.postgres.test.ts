import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { readyDraft } from '@/test/requests';
import { getDb, queryRows } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { holdPlaces, refuseWhenFull, returnLapsedDraftPlaces } from '@/lib/server/requests/places';
import * as submitRoute from './[id]/submit/route';
import * as reopenRoute from './[id]/reopen/route';

// PostgreSQL alone (two connections at once): a reopened draft being sent again while the deadlines
// sweep gives back its lapsed hold. The send keeps the places; the count always equals the hold rows.

withTestDatabase();

async function counted() {
  const [row] = await queryRows<{ held: number; rows: number }>(sql`
    select (select held from package_places where type_id = 'hajj' and package = 'standard') as held,
           (select coalesce(sum(places), 0)::int from place_holds where type_id = 'hajj' and package = 'standard') as rows`);
  return row!;
}

describe('the sweep and a send at once', () => {
  it('waits for the send that keeps a lapsed hold, instead of giving it back under it', async () => {
    const { token } = await newUser();
    const id = await readyDraft(token, { companions: 0 });
    expect((await call(submitRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    expect((await call(reopenRoute.POST, { token, params: { id }, body: {} })).status).toBe(200);
    // Its pay-by time has passed: the sweep's to give back, unless it is sent again first. (submitRequest itself now
    // gives a hold that lapsed before it looked back first, hoarding.test.ts; this is places.ts's lock, for a hold that
    // lapses between a send's read and its hold.) Whole milliseconds, so the time read back is the one written.
    const [lapsed] = await queryRows<{ held_until: string | Date }>(
      sql`update place_holds set held_until = date_trunc('milliseconds', now() - interval '1 minute') where request_id = ${id} returning held_until`,
    );

    const db = await getDb();
    let swept: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(requests).where(sql`${requests.id} = ${id}`).for('update');
      const { current } = await refuseWhenFull(tx, row!, { package: 'standard', count: 1 }, 'en');
      // With the pay-by time it had (issue 58, item 2: a send again keeps it).
      expect(current).toEqual({ package: 'standard', places: 1, heldUntil: new Date(lapsed!.held_until) });
      // The sweep runs now, on another connection, while this send is between its read and its hold.
      swept = returnLapsedDraftPlaces(db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holdPlaces(tx, row!, { package: 'standard', count: 1, heldUntil: new Date(Date.now() + 3_600_000) }, current, 'en');
    });
    // Kept by the send (a fresh pay-by time): nothing to give back once it could look.
    expect(await swept).toBe(0);
    const after = await counted();
    expect(after.held).toBe(after.rows);
    const [hold] = await queryRows<{ places: number }>(sql`select places from place_holds where request_id = ${id}`);
    expect(hold!.places).toBe(1);
  });
});
