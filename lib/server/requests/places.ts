import 'server-only';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { packagePlaces, placeHolds, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { formatCount } from '@/lib/i18n/numbers';
import type { AppLocale } from '@/i18n/routing';

// The places of a package and the holds on them (docs/PLACES.md). Every
// change of `package_places.held` is one guarded statement inside the
// caller's transaction: the row lock it takes orders concurrent senders on
// either database and across instances, and its WHERE is evaluated again on
// the row as the winner left it, so the count can never pass the number.

export type PackagePlaceRow = typeof packagePlaces.$inferSelect;
type Hold = typeof placeHolds.$inferSelect;

/** What a pilgrim may still take: null when unlimited; never below zero (the office may set fewer than are held). */
export function placesLeft(row: Pick<PackagePlaceRow, 'places' | 'held'> | undefined): number | null {
  if (!row || row.places === null) return null;
  return Math.max(0, row.places - row.held);
}

/**
 * Takes `count` more places of a package, or none: an upsert whose update is
 * guarded (the row is made on a package's first hold, unlimited). Answers
 * whether it took them.
 */
async function take(tx: Db, typeId: string, pkg: string, count: number): Promise<boolean> {
  const taken = await tx
    .insert(packagePlaces)
    .values({ typeId, package: pkg, held: count })
    .onConflictDoUpdate({
      target: [packagePlaces.typeId, packagePlaces.package],
      set: { held: sql`${packagePlaces.held} + excluded.held` },
      setWhere: sql`${packagePlaces.places} is null or ${packagePlaces.places} - ${packagePlaces.held} >= excluded.held`,
    })
    .returning({ held: packagePlaces.held });
  return taken.length > 0;
}

/** Gives back places of a package without deleting the hold (a request sent again with fewer pilgrims). */
async function giveBack(tx: Db, typeId: string, pkg: string, count: number) {
  await tx
    .update(packagePlaces)
    .set({ held: sql`${packagePlaces.held} - ${count}` })
    .where(and(eq(packagePlaces.typeId, typeId), eq(packagePlaces.package, pkg)));
}

async function packageRow(tx: Db, typeId: string, pkg: string): Promise<PackagePlaceRow | undefined> {
  const [row] = await tx.select().from(packagePlaces).where(and(eq(packagePlaces.typeId, typeId), eq(packagePlaces.package, pkg)));
  return row;
}

/** 409 sold_out, naming the package and what is left, in the reader's language and digits. */
function soldOut(row: PackagePlaceRow | undefined, pkg: string, needed: number, locale: AppLocale): never {
  const left = placesLeft(row) ?? 0;
  throw new ApiError('sold_out', {
    values: { package: pkg, left, left_shown: formatCount(left, locale), needed, needed_shown: formatCount(needed, locale) },
    extra: { places: { package: pkg, places_left: left, needed } },
  });
}

/**
 * The request, being sent, holds one place per pilgrim in its package.
 * Sent again (after changes, or reopened from payment) it keeps what it
 * holds: more pilgrims take only the difference, fewer give the difference
 * back, another package gives all back and takes anew there. Too few left:
 * 409 sold_out, and the caller's transaction (the move) rolls back.
 * `heldUntil`: the pay-by time, or null when the fee is already paid.
 */
export async function holdPlaces(
  tx: Db,
  request: { id: string; typeId: string },
  hold: { package: string; count: number; heldUntil: Date | null },
  locale: AppLocale,
) {
  const [current] = await tx.select().from(placeHolds).where(eq(placeHolds.requestId, request.id));
  const samePackage = current?.package === hold.package;
  const more = samePackage ? hold.count - current.places : hold.count;
  if (current && !samePackage) await tx.delete(placeHolds).where(eq(placeHolds.requestId, request.id));
  if (more > 0) {
    // A full package turns the sender away from a plain read, without queueing for the row lock
    // that the senders still winning places hold (the day a season opens: 250 of 300 are turned
    // away). A read never lets anyone in: the guarded take below stays the decision.
    const seen = await packageRow(tx, request.typeId, hold.package);
    if ((placesLeft(seen) ?? more) < more) soldOut(seen, hold.package, hold.count, locale);
    if (!(await take(tx, request.typeId, hold.package, more))) soldOut(await packageRow(tx, request.typeId, hold.package), hold.package, hold.count, locale);
  }
  // Fewer: never guarded, a hold is given back even when the office set fewer places than are held.
  if (more < 0) await giveBack(tx, request.typeId, hold.package, -more);
  const values = { typeId: request.typeId, package: hold.package, places: hold.count, heldUntil: hold.heldUntil, updatedAt: new Date() };
  await tx
    .insert(placeHolds)
    .values({ requestId: request.id, ...values })
    .onConflictDoUpdate({ target: placeHolds.requestId, set: values });
}

/**
 * A place offered to a request on the reserve list: the same guarded take as
 * sending, and a hold until the fresh pay-by time; or nothing when too few
 * are left (answers false, never throws: the offer goes on down the list).
 * The request holds nothing when it joins the list (reserve.ts).
 */
export async function holdOfferedPlaces(tx: Db, request: { id: string; typeId: string }, hold: { package: string; count: number; heldUntil: Date }): Promise<boolean> {
  if (!(await take(tx, request.typeId, hold.package, hold.count))) return false;
  await tx.insert(placeHolds).values({ requestId: request.id, typeId: request.typeId, package: hold.package, places: hold.count, heldUntil: hold.heldUntil });
  return true;
}

/** Payment keeps the places: the hold no longer ends at the pay-by time. */
export async function keepPlaces(tx: Db, requestId: string) {
  await tx.update(placeHolds).set({ heldUntil: null, updatedAt: new Date() }).where(eq(placeHolds.requestId, requestId));
}

/** The request's places go back at once (the trigger on place_holds takes them off the count). */
export async function returnPlaces(tx: Db, requestId: string): Promise<Hold | undefined> {
  const [returned] = await tx.delete(placeHolds).where(eq(placeHolds.requestId, requestId)).returning();
  return returned;
}

/**
 * A draft reopened from payment kept its places until the pay-by time it had;
 * past it, unsent, they go back (the deadlines sweep). One statement: a draft
 * sent meanwhile is no longer a draft and keeps them.
 */
export async function returnLapsedDraftPlaces(db: Db): Promise<number> {
  const lapsed = await db
    .delete(placeHolds)
    .where(
      and(
        isNotNull(placeHolds.heldUntil),
        lt(placeHolds.heldUntil, sql`now()`),
        sql`exists (select 1 from ${requests} where ${requests.id} = ${placeHolds.requestId} and ${requests.status} = 'draft')`,
      ),
    )
    .returning({ requestId: placeHolds.requestId });
  return lapsed.length;
}

/** Every package's row, for the catalogue (places_left) and the console (places, held). */
export async function packagePlaceRows(db: Db, typeId?: string): Promise<PackagePlaceRow[]> {
  return db.select().from(packagePlaces).where(typeId ? eq(packagePlaces.typeId, typeId) : undefined);
}

/**
 * An admin sets the number of places of packages (null: unlimited). The
 * number only guards new holds: holds already taken stay, even above it.
 * Answers the packages whose number changed, and their old and new numbers
 * for the audit log; the caller offers their places down the reserve lists
 * (reserve-offers.ts) in the same transaction.
 */
export async function setPlaces(tx: Db, typeId: string, places: Record<string, number | null>) {
  const changed: Record<string, string> = {};
  const packages: string[] = [];
  for (const [pkg, number] of Object.entries(places)) {
    const [before] = await tx.select().from(packagePlaces).where(and(eq(packagePlaces.typeId, typeId), eq(packagePlaces.package, pkg))).for('update');
    if (before && before.places === number) continue;
    await tx
      .insert(packagePlaces)
      .values({ typeId, package: pkg, places: number })
      .onConflictDoUpdate({ target: [packagePlaces.typeId, packagePlaces.package], set: { places: number } });
    changed[`places.${pkg}`] = `${before?.places ?? 'unlimited'} → ${number ?? 'unlimited'}`;
    packages.push(pkg);
  }
  return { changed, packages };
}
