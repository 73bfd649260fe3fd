import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { packagePlaces, requests, reserveList } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { recordMove } from './history';
import { holdOfferedPlaces, placesLeft } from './places';
import { nextReference } from './references';
import { findRequestType, packageFeeOf } from './request-types';
import { reservePosition } from './reserve-position';
import type { ReserveEntry } from '@/lib/contract/office';

// Places given back are offered down the package's reserve list (docs/PLACES.md),
// first come first served, in the transaction that gave them back: by a move
// (move-request.ts), a draft joining the list (reserve.ts), the office setting
// more places (catalogue.ts), or the deadlines job's safety net.

/** The request's place on its list now (null: not on one). */
export async function reservePositionOf(db: Db, requestId: string): Promise<number | null> {
  const [row] = await db.select({ position: reservePosition }).from(requests).where(eq(requests.id, requestId));
  return row?.position ?? null;
}

/**
 * Offers a package's free places down its list, in the caller's transaction:
 * in the order joined, each request that fits (its pilgrims ≤ places left)
 * takes its places with the guarded statement and moves to pending_payment
 * with a fresh pay-by time; one that does not fit is skipped, not a wall
 * (a family of five first does not keep a couple behind it waiting), and keeps
 * its position for the next places. Each request is locked in list order
 * before it is moved, and one no longer reserved (left meanwhile) is passed:
 * two offers at once, on any instance, never move the same request or take
 * a place twice. A closed service offers nothing until it opens again.
 * Answers how many requests were offered places.
 */
export async function offerPlaces(tx: Db, typeId: string, pkg: string): Promise<number> {
  const type = await findRequestType(typeId, tx);
  if (!type?.open) return 0;
  const waiting = await tx.select().from(reserveList).where(and(eq(reserveList.typeId, typeId), eq(reserveList.package, pkg))).orderBy(asc(reserveList.seq));
  let offered = 0;
  for (const entry of waiting) {
    const [count] = await tx.select().from(packagePlaces).where(and(eq(packagePlaces.typeId, typeId), eq(packagePlaces.package, pkg)));
    const left = placesLeft(count);
    if (left === 0) break;
    if (left !== null && entry.places > left) continue;
    const [row] = await tx.select().from(requests).where(eq(requests.id, entry.requestId)).for('update');
    if (row?.status !== 'reserved') continue;
    const submittedAt = new Date();
    // The same pay-by time as sending (payBy, deadlines.ts): the place is the pilgrim's until then.
    const heldUntil = new Date(submittedAt.getTime() + env().PAYMENT_DEADLINE_HOURS * 3_600_000);
    if (!(await holdOfferedPlaces(tx, row, { package: pkg, count: entry.places, heldUntil }))) continue;
    await tx.delete(reserveList).where(eq(reserveList.requestId, row.id));
    // reserved → pending_payment neither gives back nor keeps places: the move itself is all (history.ts).
    await recordMove(tx, row, 'pending_payment', 'system', null, {
      reference: row.reference ?? (await nextReference(tx, type.code)),
      feeMinor: packageFeeOf(type, pkg) * entry.places,
      currency: type.currency,
      feePilgrims: entry.places,
      pilgrims: entry.places,
      submittedAt,
      paymentReminderAt: null,
      version: row.version + 1,
    });
    offered += 1;
  }
  return offered;
}

/**
 * Every package with someone waiting and places left: offered now. The
 * deadlines job's safety net (every 3 minutes) for places given back by a path
 * that does not offer them itself (a draft or an account deleted).
 */
export async function offerAllPlaces(db: Db): Promise<number> {
  const packages = await db.selectDistinct({ typeId: reserveList.typeId, package: reserveList.package }).from(reserveList);
  let offered = 0;
  for (const { typeId, package: pkg } of packages) offered += await db.transaction((tx) => offerPlaces(tx, typeId, pkg));
  return offered;
}

/**
 * Every package's reserve list, for the console: per service, per package, in
 * the order places will be offered (position 1 first). One query.
 */
export async function reserveLists(db: Db): Promise<Record<string, Record<string, ReserveEntry[]>>> {
  const rows = await db
    .select({
      typeId: reserveList.typeId,
      package: reserveList.package,
      requestId: reserveList.requestId,
      reference: requests.reference,
      applicant: sql<string | null>`coalesce(nullif(${requests.data} -> 'applicant' ->> 'name_latin', ''), nullif(${requests.data} -> 'applicant' ->> 'name_ar', ''))`,
      places: reserveList.places,
      joinedAt: reserveList.joinedAt,
    })
    .from(reserveList)
    .innerJoin(requests, eq(requests.id, reserveList.requestId))
    .orderBy(asc(reserveList.typeId), asc(reserveList.package), asc(reserveList.seq));
  const lists: Record<string, Record<string, ReserveEntry[]>> = {};
  for (const row of rows) {
    const list = ((lists[row.typeId] ??= {})[row.package] ??= []);
    list.push({ position: list.length + 1, request_id: row.requestId, reference: row.reference, applicant_name: row.applicant, pilgrims: row.places, joined_at: row.joinedAt.toISOString() });
  }
  return lists;
}
