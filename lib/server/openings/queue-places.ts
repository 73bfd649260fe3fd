import 'server-only';
import { ApiError } from '@/lib/server/http/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { openings, requestTypes } from '@/lib/server/db/schema';
import { estimatedAdmission, openingState, pollAfterSeconds, queueOpensAt } from '@/lib/openings/opening-rules';
import type { OfficeOpening, OpeningInfo, QueuePlaceAnswer } from '@/lib/contract/openings';
import type { AppLocale } from '@/i18n/routing';
import { clockOf, findOpening, keyOf, openingChanged, queueStore, type Opening } from './openings';
import type { QueueRead } from './queue-store';

// A pilgrim's place in an opening's queue, and the console's view of it (issue 59, docs/OPENING.md).

type Service = QueuePlaceAnswer['service'];

export function openingInfo(opening: Opening, now: Date): OpeningInfo {
  return {
    opens_at: opening.opensAt.toISOString(),
    queue_opens_at: queueOpensAt(opening).toISOString(),
    admit_per_minute: opening.admitPerMinute,
    send_window_minutes: opening.sendWindowMinutes,
    state: openingState(opening, now),
    paused: opening.pausedAt !== null,
    ended_reason: opening.endedReason === 'sold_out' || opening.endedReason === 'office' ? opening.endedReason : null,
  };
}

function answerOf(service: Service, opening: Opening, read: QueueRead, now: Date): QueuePlaceAnswer {
  const { place } = read;
  const clock = clockOf(opening);
  const waiting = place?.state === 'waiting';
  const ahead = waiting ? place.ahead : null;
  const estimatedAt = ahead !== null ? estimatedAdmission(clock, ahead, now) : null;
  const state = place?.state ?? 'not_joined';
  return {
    service,
    opening: openingInfo(opening, now),
    state,
    position: ahead === null ? null : ahead + 1,
    ahead,
    waiting_for_draw: waiting && ahead === null ? read.earlyCount : null,
    estimated_admission_at: estimatedAt?.toISOString() ?? null,
    joined_at: place?.joinedAt.toISOString() ?? null,
    send_by: place?.sendBy?.toISOString() ?? null,
    poll_after_s: place ? pollAfterSeconds({ state, estimatedAt, sendBy: place.sendBy }, clock, now) : null,
  };
}

/** The service's opening, or 404 (a service without one has no queue). */
async function openingOf(service: Service): Promise<Opening> {
  const opening = await findOpening(service);
  if (!opening) throw new ApiError('not_found');
  return opening;
}

/**
 * Joins, or answers the place already held. The opening comes with the place from the store, as for a read (one
 * round trip where it read the database's row first, then the store: in the opening minute every pilgrim joins
 * at once), and the join is a second only for a place not yet held.
 */
export async function joinQueue(service: Service, userId: string, now: Date = new Date()): Promise<{ answer: QueuePlaceAnswer; joined: boolean }> {
  const before = await readWithOpening(service, userId);
  const { opening } = before;
  const state = openingState(opening, now);
  if (state === 'upcoming') throw new ApiError('conflict', { messageKey: 'queue_not_open' });
  if (state === 'over') throw new ApiError('conflict', { messageKey: 'queue_over' });
  const stays = before.place && before.place.state !== 'passed' && before.place.state !== 'left';
  const read = stays ? before : await queueStore().join(keyOf(opening), userId, now, now < opening.opensAt);
  return { answer: answerOf(service, opening, read, now), joined: !stays };
}

/** One round trip: the store answers the opening with the place (the database from its row, Redis from its copy). */
export async function readQueuePlace(service: Service, userId: string, now: Date = new Date()): Promise<QueuePlaceAnswer> {
  const read = await readWithOpening(service, userId);
  return answerOf(service, read.opening, read, now);
}

/** The place and the opening, from the store; its copy of the opening made again from the row when it has none. */
async function readWithOpening(service: Service, userId: string): Promise<QueueRead & { opening: Opening }> {
  const store = queueStore();
  const read = await store.read(service, userId);
  if (read.opening) return { ...read, opening: read.opening };
  // Redis lost its copy (a restart), or the database has no opening: the row decides (404 without one).
  const opening = await openingOf(service);
  await openingChanged(service);
  return { ...(await store.read(service, userId)), opening };
}

export async function leaveQueue(service: Service, userId: string, now: Date = new Date()): Promise<QueuePlaceAnswer> {
  const opening = await openingOf(service);
  await queueStore().leave(keyOf(opening), userId, now);
  return answerOf(service, opening, await queueStore().read(keyOf(opening), userId), now);
}

/**
 * Sending a draft while its service's opening is under way: only in an admitted turn, until its send_by
 * (409 queue_required, naming the queue's page). Before the opening nobody sends; after it ended, everyone may
 * (the places and the reserve list decide). Inside the send's transaction.
 */
export async function requireTurn(
  tx: Db,
  service: string,
  userId: string,
  locale: AppLocale,
  now: Date = new Date(),
  // The opening as the caller read it in this transaction (typeWithOpening, one round trip with the service), if it did.
  known?: { opening: Opening | null },
): Promise<(() => Promise<void>) | null> {
  const opening = known ? known.opening : await findOpening(service, tx);
  if (!opening) return null;
  const state = openingState(opening, now);
  if (state === 'over') return null;
  const queue = `/${locale}/openings/${service}`;
  if (state !== 'admitting') throw new ApiError('queue_required', { messageKey: 'queue_required_before', extra: { queue: { url: queue, opens_at: opening.opensAt.toISOString() } } });
  const turn = await queueStore().turn(keyOf(opening), userId, now, tx);
  if (!turn) throw new ApiError('queue_required', { extra: { queue: { url: queue, opens_at: opening.opensAt.toISOString() } } });
  return () => queueStore().markSent(keyOf(opening), userId, now, tx);
}

/** A service and its opening (if it has one), in one round trip: what a send reads first. */
export async function typeWithOpening(tx: Db, typeId: string): Promise<{ type: typeof requestTypes.$inferSelect; opening: Opening | null } | undefined> {
  const [row] = await tx.select({ type: requestTypes, opening: openings }).from(requestTypes).leftJoin(openings, eq(openings.typeId, requestTypes.id)).where(eq(requestTypes.id, typeId)).limit(1);
  return row;
}

export async function officeOpening(service: Service, now: Date = new Date()): Promise<OfficeOpening> {
  const opening = await findOpening(service);
  if (!opening) return { service, opening: null, counts: { waiting: 0, admitted: 0, sent: 0, passed: 0, left: 0, sold_out: 0 }, drawn_at: null, last_admission_at: null };
  const counts = await queueStore().counts(keyOf(opening));
  const last = counts.waiting > 0 ? estimatedAdmission(clockOf(opening), counts.waiting - 1, now) : null;
  return { service, opening: openingInfo(opening, now), counts, drawn_at: opening.drawnAt?.toISOString() ?? null, last_admission_at: last?.toISOString() ?? null };
}
