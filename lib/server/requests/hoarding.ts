import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { placeHolds, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { pilgrimIdentities } from '@/lib/server/office/duplicates';

// No account hoards places (issue 58, item 2; docs/PLACES.md, "One unpaid request, one passport").
// A service has one season at a time (request_types.season_start/_end), so "per service and
// season" is per service among the requests that are live now.
//
// 1. An account holds at most one unpaid request per service: awaiting payment, on the reserve
//    list, or a draft reopened from payment whose places are still held until its pay-by time.
// 2. A passport (number and nationality, normalised as the office's duplicates check matches it,
//    duplicates.ts) is on at most one live request or reserve-list place per service, whichever
//    account sent it.
//
// Both are checked, and decided, inside the sending (or joining) transaction, under transaction-scoped
// advisory locks: one per account, then one per passport in a fixed order, so two sends at once from
// one account, or with one passport from two accounts, are ordered and the second sees the first.
// Advisory locks exist on PostgreSQL and PGlite alike and touch no row anyone else writes.

// The first key of the two-key advisory locks: this module's, apart from any other lock's.
const ACCOUNT_LOCK = 5802;
const PASSPORT_LOCK = 5803;

/** The statuses a passport is "on" a request in: paid or to be paid, and the reserve list. */
const LIVE = ['pending_payment', 'submitted', 'under_review', 'changes_requested', 'approved', 'reserved'] as const;

type Sent = { id: string; userId: string; typeId: string };

async function rowsOf<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The account's lock, held to the end of the caller's transaction: one send or join of the account at a time. */
export async function lockAccount(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${userId}))`);
}

/**
 * 409 one_unpaid_request when the account already holds another unpaid request of the service
 * (pending_payment, reserved, or a reopened draft whose hold has not lapsed), naming its reference.
 * Call under lockAccount.
 */
export async function refuseSecondUnpaid(tx: Db, request: Sent) {
  const [held] = await rowsOf<{ reference: string | null; status: string }>(
    tx,
    sql`select r.reference, r.status from ${requests} r
      where r.user_id = ${request.userId} and r.type_id = ${request.typeId} and r.id <> ${request.id}
        and (r.status in ('pending_payment', 'reserved')
          or (r.status = 'draft' and exists (select 1 from ${placeHolds} h where h.request_id = r.id and h.held_until > now())))
      order by r.created_at
      limit 1`,
  );
  if (held) throw new ApiError('conflict', { messageKey: 'one_unpaid_request', values: { reference: held.reference ?? '', status: held.status } });
}

/**
 * 409 passport_on_live_request when a passport of this request's pilgrims is on another live
 * request (or reserve-list place) of the service, any account's. The message names no one else's
 * request or account. Locks each passport first (sorted, so two senders never wait on each other
 * in a circle), so two sends with one passport at once are ordered.
 */
export async function refuseSharedPassport(tx: Db, request: Pick<Sent, 'id' | 'typeId'>) {
  const mine = await rowsOf<{ identity: string }>(
    tx,
    sql`select distinct m.passport || ':' || coalesce(m.nationality, '') as identity
      from (${pilgrimIdentities(sql`r.id = ${request.id}`, sql`true`)}) m where m.passport is not null`,
  );
  const identities = mine.map((row) => row.identity).sort();
  if (!identities.length) return;
  for (const identity of identities) await tx.execute(sql`select pg_advisory_xact_lock(${PASSPORT_LOCK}, hashtext(${identity}))`);
  const [other] = await rowsOf<{ found: number }>(
    tx,
    sql`select 1 as found from (${pilgrimIdentities(
      sql`r.id <> ${request.id} and r.type_id = ${request.typeId}`,
      sql`r.status in (${sql.join(LIVE.map((status) => sql`${status}`), sql`, `)})`,
    )}) o
      where o.passport is not null
        and o.passport || ':' || coalesce(o.nationality, '') in (select jsonb_array_elements_text(${JSON.stringify(identities)}::jsonb))
      limit 1`,
  );
  if (other) throw new ApiError('conflict', { messageKey: 'passport_on_live_request' });
}
