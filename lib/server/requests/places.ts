import 'server-only';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { packageChanges, packagePlaces, placeHolds, requests } from '@/lib/server/db/schema';
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
/** What a request holds now: the package, how many places, and until when (null: paid, kept for good). */
type HeldNow = Pick<Hold, 'package' | 'places' | 'heldUntil'>;

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
function soldOut(row: Pick<PackagePlaceRow, 'places' | 'held'> | undefined, pkg: string, needed: number, locale: AppLocale): never {
  const left = placesLeft(row) ?? 0;
  throw new ApiError('sold_out', {
    values: { package: pkg, left, left_shown: formatCount(left, locale), needed, needed_shown: formatCount(needed, locale) },
    extra: { places: { package: pkg, places_left: left, needed } },
  });
}

/** 409 sold_out after a guarded take found too few left: what is left now, read again. */
export async function refuseSoldOut(tx: Db, typeId: string, wanted: { package: string; count: number }, locale: AppLocale): Promise<never> {
  soldOut(await packageRow(tx, typeId, wanted.package), wanted.package, wanted.count, locale);
}

/**
 * Too few places left for the request being sent: 409 sold_out from a plain
 * read, before its answers are checked or a place is taken. On the day a
 * season opens most senders are turned away, and so cheaply, without queueing
 * for the row lock the senders still winning places hold. A read never lets
 * anyone in: holdPlaces's guarded take stays the decision. Answers the hold
 * the request has now (its row is locked by the caller), for holdPlaces.
 */
export async function refuseWhenFull(
  tx: Db,
  request: { id: string; typeId: string },
  wanted: { package: string; count: number },
  locale: AppLocale,
): Promise<{ current: HeldNow | undefined }> {
  // One round trip: on that day every sender asks, and most are turned away here. The hold is read
  // locked: the deadlines sweep (returnLapsedDraftPlaces) gives back a reopened draft's lapsed hold
  // without the request's lock, and must wait for this send, which keeps it, rather than delete it
  // under our feet (the places would then be held without being counted).
  const { rows } = (await tx.execute(sql`
    with h as (select package, places, held_until from ${placeHolds} where request_id = ${request.id} for update)
    select h.package as hold_package, h.places as hold_places, h.held_until as hold_until, p.places, p.held
    from (select 1) as one
    left join h on true
    left join ${packagePlaces} p on p.type_id = ${request.typeId} and p.package = ${wanted.package}`)) as unknown as {
    rows: { hold_package: string | null; hold_places: number | null; hold_until: Date | string | null; places: number | null; held: number | null }[];
  };
  const [row] = rows;
  const current = row?.hold_package
    ? { package: row.hold_package, places: Number(row.hold_places), heldUntil: row.hold_until === null ? null : new Date(row.hold_until) }
    : undefined;
  const seen = row && row.held !== null ? { places: row.places === null ? null : Number(row.places), held: Number(row.held) } : undefined;
  const more = moreThanHeld(current, wanted);
  if (more > 0 && (placesLeft(seen) ?? more) < more) soldOut(seen, wanted.package, wanted.count, locale);
  return { current };
}

/** How many places the request needs beyond those it holds in the package (all of them in another package). */
function moreThanHeld(current: HeldNow | undefined, wanted: { package: string; count: number }): number {
  return current?.package === wanted.package ? wanted.count - current.places : wanted.count;
}

/**
 * The request, being sent, holds one place per pilgrim in its package.
 * Sent again (after changes, or reopened from payment) it keeps what it
 * holds: more pilgrims take only the difference, fewer give the difference
 * back, another package gives all back and takes anew there. Too few left:
 * 409 sold_out, and the caller's transaction (the move) rolls back.
 * `heldUntil`: the pay-by time, or null when the fee is already paid.
 * `current`: the hold refuseWhenFull answered, read under the request's lock.
 */
export async function holdPlaces(
  tx: Db,
  request: { id: string; typeId: string },
  hold: { package: string; count: number; heldUntil: Date | null },
  current: HeldNow | undefined,
  locale: AppLocale,
) {
  const more = moreThanHeld(current, hold);
  if (current && current.package !== hold.package) await tx.delete(placeHolds).where(eq(placeHolds.requestId, request.id));
  if (more > 0 && !(await take(tx, request.typeId, hold.package, more))) await refuseSoldOut(tx, request.typeId, hold, locale);
  // Fewer: never guarded, a hold is given back even when the office set fewer places than are held.
  if (more < 0) await giveBack(tx, request.typeId, hold.package, -more);
  const values = { typeId: request.typeId, package: hold.package, places: hold.count, heldUntil: hold.heldUntil, updatedAt: new Date() };
  await tx
    .insert(placeHolds)
    .values({ requestId: request.id, ...values })
    .onConflictDoUpdate({ target: placeHolds.requestId, set: values });
}

/**
 * A dearer package chosen after paying, its difference not paid yet (issue 57, item 6; docs/INSTALMENTS.md): the
 * request takes the new package's places until `hold.heldUntil` (the difference's pay-by time), and keeps the ones
 * it paid for (`current`, and the fee paid, `paidFeeMinor`) aside in package_changes, still counted: if the
 * difference is never paid it goes back to them (restoreChange), never to a package sold out meanwhile. Too few
 * left in the new package: 409 sold_out, and the caller's transaction rolls back.
 */
export async function holdChange(
  tx: Db,
  request: { id: string; typeId: string },
  hold: { package: string; count: number; heldUntil: Date },
  current: HeldNow,
  paidFeeMinor: number,
  locale: AppLocale,
) {
  if (!(await take(tx, request.typeId, hold.package, hold.count))) soldOut(await packageRow(tx, request.typeId, hold.package), hold.package, hold.count, locale);
  // The hold paid for moves aside, counted as it was; the request's hold becomes the new package's (updated, not
  // deleted: the trigger would give back the places paid for).
  await tx.insert(packageChanges).values({ requestId: request.id, typeId: request.typeId, package: current.package, places: current.places, feeMinor: paidFeeMinor });
  await tx.update(placeHolds).set({ package: hold.package, places: hold.count, heldUntil: hold.heldUntil, updatedAt: new Date() }).where(eq(placeHolds.requestId, request.id));
}

/**
 * The places paid for, kept aside while a dearer package's difference was owed, are the request's hold again (the
 * difference not paid by its pay-by time, or the package paid for chosen again): the new package's hold goes back
 * (the trigger, for the reserve list), and the answer is what was kept (package, places, the fee paid). None kept:
 * undefined, nothing changed.
 */
export async function restoreChange(tx: Db, requestId: string): Promise<typeof packageChanges.$inferSelect | undefined> {
  const [kept] = await tx.delete(packageChanges).where(eq(packageChanges.requestId, requestId)).returning();
  if (!kept) return undefined;
  // The trigger took the kept places off their package's count; they are the request's still: counted again (no guard,
  // they never left: this transaction holds the row since the trigger's update).
  await tx
    .update(packagePlaces)
    .set({ held: sql`${packagePlaces.held} + ${kept.places}` })
    .where(and(eq(packagePlaces.typeId, kept.typeId), eq(packagePlaces.package, kept.package)));
  await tx.delete(placeHolds).where(eq(placeHolds.requestId, requestId));
  await tx.insert(placeHolds).values({ requestId, typeId: kept.typeId, package: kept.package, places: kept.places, heldUntil: null });
  return kept;
}

/** The places kept aside for a package change go back (the difference paid, or another package chosen that needs none of them). */
export async function dropChange(tx: Db, requestId: string) {
  await tx.delete(packageChanges).where(eq(packageChanges.requestId, requestId));
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

/**
 * A draft being sent whose hold has lapsed (its pay-by time passed, the
 * sweep not yet run) gives it back first, offered down the reserve list as
 * the sweep would: sent again, it takes places anew like any other sender,
 * never keeping them past the pay-by time it had (issue 58, item 2). Answers
 * the hold given back, if any.
 */
export async function giveBackLapsedHold(tx: Db, requestId: string): Promise<Hold | undefined> {
  const [lapsed] = await tx
    .delete(placeHolds)
    .where(and(eq(placeHolds.requestId, requestId), isNotNull(placeHolds.heldUntil), lt(placeHolds.heldUntil, sql`now()`)))
    .returning();
  return lapsed;
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
