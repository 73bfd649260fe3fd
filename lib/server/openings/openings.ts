import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '@/lib/server/db/client';
import { openings, requestTypes } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { audit, type AuditActor } from '@/lib/server/audit/audit';
import { notify } from '@/lib/server/notifications/notify';
import { describeError, logger } from '@/lib/server/log/logger';
import { admissionsDue, carriedClock, openingState, type OpeningClock } from '@/lib/openings/opening-rules';
import { databaseQueue } from './database-queue';
import { redisQueue } from './redis-queue';
import { drawOrder, entrantsFingerprint, newSeed } from './draw';
import type { QueueKey, QueueStore } from './queue-store';
import type { Opening } from './opening-row';

export type { Opening };

// An opening's life (issue 59, docs/OPENING.md): set in the catalogue, the queue opens before it, the early
// arrivals are drawn into a random order at opens_at, then admitted at the office's rate; the queue ends when the
// places are gone or the office ends it. The settings live in the database; the queue where queueStore() says.


let chosen: QueueStore | undefined;

export function queueStore(): QueueStore {
  if (chosen) return chosen;
  const { REDIS_URL } = env();
  return REDIS_URL ? redisQueue(REDIS_URL) : databaseQueue;
}

/** Tests: the queue in a store of their own (Redis under a prefix of their own); undefined goes back to the default. */
export function useQueueStore(store: QueueStore | undefined) {
  chosen = store;
}

export const keyOf = (opening: Pick<Opening, 'typeId'>): QueueKey => opening.typeId;

export function clockOf(opening: Opening): OpeningClock {
  return {
    opensAt: opening.opensAt,
    admitPerMinute: opening.admitPerMinute,
    queueOpensMinutesBefore: opening.queueOpensMinutesBefore,
    sendWindowMinutes: opening.sendWindowMinutes,
    rateSince: opening.rateSince,
    credit: opening.credit,
    pausedAt: opening.pausedAt,
    endedAt: opening.endedAt,
  };
}

/** Inside a transaction pass its `tx` (PGlite has one connection). */
export async function findOpening(typeId: string, db?: Db): Promise<Opening | undefined> {
  db ??= await getDb();
  const [row] = await db.select().from(openings).where(eq(openings.typeId, typeId)).limit(1);
  return row;
}

export async function listOpenings(db?: Db): Promise<Opening[]> {
  db ??= await getDb();
  return db.select().from(openings);
}

/** The store keeps its own copy of the settings to answer a read in one round trip (Redis); the database reads them. */
async function mirrored(opening: Opening | undefined): Promise<void> {
  if (opening) await queueStore().mirror?.(opening);
}

/** Everyone still waiting when the queue ends is told at once (the portal, push, e-mail), and offered the reserve list. */
async function tellEnded(typeId: string, users: string[], reason: 'sold_out' | 'office') {
  const db = await getDb();
  // In batches, each in its own transaction: thousands told without one long transaction.
  for (let start = 0; start < users.length; start += 200) {
    await db.transaction(async (tx) => {
      for (const userId of users.slice(start, start + 200)) await notify(tx, { userId, type: 'opening_ended', params: { service: typeId, reason } });
    });
  }
}

/**
 * Ends an opening (its places are gone, or an admin ends it): once, whichever instance gets there first; those
 * still waiting are told. Sending goes on as without a queue: the places, the reserve list.
 */
export async function endOpening(typeId: string, reason: 'sold_out' | 'office', now: Date, actor?: AuditActor, address: string | null = null): Promise<Opening | undefined> {
  const db = await getDb();
  const [ended] = await db
    .update(openings)
    .set({ endedAt: now, endedReason: reason, updatedAt: now })
    .where(sql`${openings.typeId} = ${typeId} and ${openings.endedAt} is null`)
    .returning();
  if (!ended) return findOpening(typeId);
  await audit(actor ?? { kind: 'system' }, { action: 'opening.end', target: { type: 'request_type', id: typeId }, details: { reason }, address });
  await mirrored(ended);
  const told = await queueStore().end(keyOf(ended), now);
  await tellEnded(typeId, told, reason);
  return ended;
}

/** Whether every package the service offers has a number of places and all are held (docs/PLACES.md). */
async function placesGone(typeId: string): Promise<boolean> {
  const [row] = await queryRows<{ gone: boolean }>(sql`
    select coalesce(bool_and(pp.places is not null and pp.held >= pp.places), false) as gone
    from ${requestTypes} t cross join jsonb_array_elements_text(t.packages) as offered(name)
    left join package_places pp on pp.type_id = t.id and pp.package = offered.name
    where t.id = ${typeId}`);
  return Boolean(row?.gone);
}

/**
 * The draw, made once at the first tick at or after opens_at: the early arrivals in a random order from a new
 * seed, recorded in the audit log (the seed, how many, and a fingerprint of who, in the order they joined).
 */
async function drawIfDue(opening: Opening, now: Date): Promise<void> {
  if (opening.drawnAt || now < opening.opensAt) return;
  const seed = newSeed();
  const drawn = await queueStore().draw(keyOf(opening), seed, (joined) => drawOrder(joined, seed));
  if (!drawn) return;
  const db = await getDb();
  // The database queue recorded the draw on the row already; the Redis queue's is recorded here.
  const [row] = await db.update(openings).set({ drawnAt: now, drawSeed: seed }).where(eq(openings.typeId, opening.typeId)).returning();
  await audit({ kind: 'system' }, {
    action: 'opening.draw',
    target: { type: 'request_type', id: opening.typeId },
    details: { seed, entrants: drawn.entrants.length, entrants_sha256: entrantsFingerprint(drawn.entrants), opening: opening.id },
  });
  await mirrored(row);
}

/** Pilgrims told that their turn has come (the portal, push, e-mail): it may come while the page is closed. */
async function tellAdmitted(opening: Opening, users: string[]) {
  if (users.length === 0) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const userId of users) await notify(tx, { userId, type: 'opening_turn', params: { service: opening.typeId, minutes: opening.sendWindowMinutes } });
  });
}

/**
 * One step of an opening's clock, on any instance, as often as it likes: the draw at opens_at, turns that lapsed,
 * admissions the rate allows by now, and the end when the places are gone. Each is atomic in the store, so two
 * instances ticking together admit each place once.
 */
export async function tickOpening(typeId: string, now: Date = new Date()): Promise<void> {
  const opening = await findOpening(typeId);
  if (!opening || openingState(opening, now) !== 'admitting') return;
  await drawIfDue(opening, now);
  if (await placesGone(typeId)) {
    await endOpening(typeId, 'sold_out', now);
    return;
  }
  const due = opening.pausedAt ? null : admissionsDue(clockOf(opening), now);
  const result = await queueStore().admit(keyOf(opening), due, opening.sendWindowMinutes * 60_000, now);
  await tellAdmitted(opening, result.admitted);
}

/** Every opening that is admitting, ticked (start.ts runs it every second). */
export async function tickOpenings(now: Date = new Date()): Promise<void> {
  for (const opening of await listOpenings()) {
    if (openingState(opening, now) !== 'admitting') continue;
    await tickOpening(opening.typeId, now).catch((error) => logger.error('opening tick failed', { error: describeError(error), service: opening.typeId }));
  }
}

export type OpeningSettings = { opens_at: Date; admit_per_minute: number; queue_opens_minutes_before?: number; send_window_minutes?: number };

/**
 * The catalogue's change of a service's opening, in its transaction: null removes it (its queue with it); on a
 * service without one, or whose opening is over, a new opening (a new queue); otherwise the settings change, the
 * rate from now on (admissions due so far kept). Answers the audit lines.
 */
export async function changeOpening(tx: Db, typeId: string, change: OpeningSettings | null, now: Date, fail: (field: string, key: string) => never): Promise<{ changed: Record<string, string>; fresh: boolean }> {
  const [current] = await tx.select().from(openings).where(eq(openings.typeId, typeId)).for('update');
  const line = (value: Opening | undefined) => (value ? `${value.opensAt.toISOString()} ${value.admitPerMinute}/min` : 'none');
  if (change === null) {
    if (!current) return { changed: {}, fresh: false };
    await tx.delete(openings).where(eq(openings.typeId, typeId));
    return { changed: { opening: `${line(current)} → none` }, fresh: true };
  }
  const fresh = !current || current.endedAt !== null;
  const begun = current && !fresh && now >= current.opensAt;
  // Once it has opened, its time is history: pause, change the rate, or end it.
  if (begun && change.opens_at.getTime() !== current.opensAt.getTime()) fail('opening.opens_at', 'opening_begun');
  if (!begun && change.opens_at <= now) fail('opening.opens_at', 'opening_in_past');
  const settings = {
    opensAt: change.opens_at,
    admitPerMinute: change.admit_per_minute,
    queueOpensMinutesBefore: change.queue_opens_minutes_before ?? current?.queueOpensMinutesBefore ?? 30,
    sendWindowMinutes: change.send_window_minutes ?? current?.sendWindowMinutes ?? 15,
  };
  let row: Opening;
  if (fresh) {
    if (current) await tx.delete(openings).where(eq(openings.typeId, typeId));
    [row] = (await tx.insert(openings).values({ typeId, ...settings, rateSince: settings.opensAt, updatedAt: now }).returning()) as [Opening];
  } else {
    // A new rate counts from now; what was due at the old one is kept.
    const clock = begun && !current.pausedAt ? carriedClock(clockOf(current), now) : { credit: current.credit, rateSince: current.pausedAt ? null : settings.opensAt };
    [row] = (await tx.update(openings).set({ ...settings, ...clock, updatedAt: now }).where(eq(openings.typeId, typeId)).returning()) as [Opening];
  }
  const changed = line(current) !== line(row) || current?.queueOpensMinutesBefore !== row.queueOpensMinutesBefore || current?.sendWindowMinutes !== row.sendWindowMinutes;
  return {
    changed: changed ? { opening: `${line(current)} → ${line(row)} (queue ${row.queueOpensMinutesBefore} min before, ${row.sendWindowMinutes} min to send)${fresh && current ? ', a new queue' : ''}` } : {},
    fresh,
  };
}

/** After the catalogue's transaction: a new opening's queue starts empty, and the store's copy of the settings follows. */
export async function openingChanged(typeId: string, fresh = false): Promise<void> {
  if (fresh) await queueStore().reset?.(typeId);
  await mirrored(await findOpening(typeId));
}

/** The console's controls (audited): pause and resume the admissions, or end the opening. */
export async function controlOpening(typeId: string, action: 'pause' | 'resume' | 'end', actor: AuditActor, address: string | null, now: Date = new Date()): Promise<Opening | undefined> {
  if (action === 'end') return endOpening(typeId, 'office', now, actor, address);
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(openings).where(eq(openings.typeId, typeId)).for('update');
    if (!current || current.endedAt) return current;
    if (action === 'pause' && !current.pausedAt) {
      const clock = carriedClock(clockOf(current), now);
      const [row] = await tx.update(openings).set({ pausedAt: now, credit: clock.credit, rateSince: null, updatedAt: now }).where(eq(openings.typeId, typeId)).returning();
      await audit(actor, { action: 'opening.pause', target: { type: 'request_type', id: typeId }, address }, tx);
      return row;
    }
    if (action === 'resume' && current.pausedAt) {
      // The rate counts again from now (or from opens_at, when resumed before it).
      const since = now > current.opensAt ? now : current.opensAt;
      const [row] = await tx.update(openings).set({ pausedAt: null, rateSince: since, updatedAt: now }).where(eq(openings.typeId, typeId)).returning();
      await audit(actor, { action: 'opening.resume', target: { type: 'request_type', id: typeId }, address }, tx);
      return row;
    }
    return current;
  });
  await mirrored(changed);
  return changed;
}
