import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { currentHijriYear } from './references';

// The last statement of a first send (submitRequest, docs/PLACES.md "The day a season opens"): the guarded take of
// the package's places, the request's hold and its reference, in one round trip. The package's row lock (and the
// reference counter's) is what every winning sender waits for, one after another; taken last, each holds them for
// this statement and the commit only, never through the move, its history and its notices, written before.

export type FirstHold = { requestId: string; typeId: string; code: string; package: string; count: number; heldUntil: Date };

/**
 * Takes `count` places of the package for a request that holds none (a first send), records its hold until the
 * pay-by time, numbers it (references.ts) and writes the reference on the request and on the notices its move made
 * in this transaction (made before the number existed). Answers the reference, or null when too few places are left:
 * nothing is taken nor numbered, and the caller says sold_out (its transaction rolls back).
 */
export async function takeFirstHold(tx: Db, hold: FirstHold, year = currentHijriYear()): Promise<string | null> {
  const result = (await tx.execute(sql`
    with taken as (
      insert into package_places (type_id, package, held) values (${hold.typeId}, ${hold.package}, ${hold.count})
      on conflict (type_id, package) do update set held = package_places.held + excluded.held
        where package_places.places is null or package_places.places - package_places.held >= excluded.held
      returning 1
    ), held as (
      insert into place_holds (request_id, type_id, package, places, held_until, updated_at)
      select ${hold.requestId}, ${hold.typeId}, ${hold.package}, ${hold.count}, ${hold.heldUntil}, now() from taken
      returning 1
    ), counted as (
      insert into reference_counters (code, year, last) select ${hold.code}, ${year}, 1 from held
      on conflict (code, year) do update set last = reference_counters.last + 1
      returning last
    ), numbered as (
      -- As formatReference writes it: six digits or more (lpad alone would cut a seventh).
      update requests set reference = ${hold.code} || '-' || ${year} || '-' || case when counted.last >= 100000 then counted.last::text else lpad(counted.last::text, 6, '0') end
      from counted where requests.id = ${hold.requestId}
      returning requests.reference
    ), told as (
      -- now() is the transaction's start: the notices this send made (the applicant's, each companion's).
      update notifications set params = jsonb_set(params, '{reference}', to_jsonb(numbered.reference))
      from numbered where notifications.request_id = ${hold.requestId} and notifications.created_at = now()
        and notifications.params ->> 'reference' = ''
      returning 1
    )
    select (select reference from numbered) as reference, (select count(*) from told)::int as told`)) as unknown as {
    rows: { reference: string | null }[];
  };
  return result.rows[0]?.reference ?? null;
}
