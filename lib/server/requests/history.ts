import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { payments, requestHistory, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { PLACES_GIVEN_BACK, TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';
import { payByOf } from '@/lib/server/payments/payment-parts';
import { notify, type NotificationInput } from '@/lib/server/notifications/notify';
import { clockOfMove } from './review-clock';
import { notifyCompanions } from './companion-notices';
import { pilgrimLabelOf } from './companions';
import { moneyNoticeParams, type MoneyNoticeParams } from './money-notice';
import { INSTALMENT_GRACE_DAYS } from '@/lib/payments/payment-plan';

export type Actor = 'user' | 'office' | 'system';

/** A move as its callers pass it: in their transaction, the request as they read it, where to, by whom, why. */
export type Move = [
  tx: Db,
  request: { id: string; status: string },
  to: RequestStatus,
  actor: Actor,
  note?: string | null,
  changes?: Partial<typeof requests.$inferInsert>,
  /** The staff member behind an office move made in the console. */
  staffId?: string | null,
  /** What the owner is told instead of the move's own notice (a cancellation for a missed instalment says why). */
  notice?: NotificationInput,
];

/**
 * The status change of a move, if `actor` may make it from the current
 * status, and its row in the request's history. Runs inside the caller's
 * transaction; the status check is part of the UPDATE, so two moves at once
 * cannot both pass. What a move does to the request's places is
 * move-request.ts's; the pilgrim is told by `notifyMove`.
 */
export async function changeStatus(...[tx, request, to, actor, note = null, changes = {}, staffId = null]: Move) {
  const from = request.status as RequestStatus;
  // Only a payment moves a request awaiting it on: the move follows a paid payment row of this
  // request (the gateway's, or one recorded at the counter), written in this same transaction.
  if (from === 'pending_payment' && to === 'submitted' && (actor !== 'system' || !(await hasPaidPayment(tx, request.id)))) {
    throw new ApiError('conflict', { messageKey: 'payment_required' });
  }
  if (!TRANSITIONS[from]?.[actor].includes(to)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  // The review clock follows every move (review-clock.ts): started, paused, resumed or stopped with it.
  const clock = await clockOfMove(tx, request.id, from, to);
  const [moved] = await tx
    .update(requests)
    .set({ ...changes, ...clock, status: to, updatedAt: new Date() })
    .where(and(eq(requests.id, request.id), eq(requests.status, from)))
    .returning();
  if (!moved) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  await tx.insert(requestHistory).values({ requestId: request.id, fromStatus: from, toStatus: to, actor, note, staffId });
  return moved;
}

/**
 * Every move is also a notification to the request's owner, in the move's transaction (notify.ts: the push and mail
 * outbox), and to each invited companion it concerns (companion-notices.ts).
 */
export async function notifyMove(
  tx: Db,
  moved: typeof requests.$inferSelect,
  from: RequestStatus,
  to: RequestStatus,
  actor: Actor,
  note: string | null,
  notice?: NotificationInput,
) {
  // A payment received and an approval say what is still owed (issue 57, item 3): read after the move, in its transaction.
  const money = (to === 'submitted' && actor === 'system') || to === 'approved' ? await moneyNoticeParams(tx, moved) : {};
  await notify(tx, notice ?? notificationOfMove(moved, from, to, actor, note, money));
  await notifyCompanions(tx, moved, from, to, money);
}

/** What a move does to the request's places: every path that closes a request gives them back; payment keeps them. */
export function placesOfMove(from: RequestStatus, to: RequestStatus): 'give_back' | 'keep' | null {
  if (PLACES_GIVEN_BACK.includes(to)) return 'give_back';
  return from === 'pending_payment' && to === 'submitted' ? 'keep' : null;
}

/**
 * A move that neither gives back nor keeps places (PLACES_GIVEN_BACK, payment):
 * its status, its history and the notification, in the caller's transaction.
 * Every other move goes through moveRequest (move-request.ts).
 */
export async function recordMove(...move: Move) {
  const [tx, request, to, actor, note = null] = move;
  const from = request.status as RequestStatus;
  if (placesOfMove(from, to)) throw new Error(`a move ${from} → ${to} moves places: moveRequest`);
  const moved = await changeStatus(...move);
  await notifyMove(tx, moved, from, to, actor, note, move[7]);
  return moved;
}

async function hasPaidPayment(tx: Db, requestId: string) {
  const [paid] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.requestId, requestId), eq(payments.status, 'paid'))).limit(1);
  return Boolean(paid);
}

/** Which notification a move is depends on the move. */
function notificationOfMove(
  moved: typeof requests.$inferSelect,
  from: RequestStatus,
  to: RequestStatus,
  actor: Actor,
  note: string | null,
  money: MoneyNoticeParams,
): NotificationInput {
  const base = { userId: moved.userId, requestId: moved.id };
  const reference = moved.reference ?? '';
  const amount: Record<string, string | number> = moved.feeMinor !== null && moved.currency ? { amount_minor: moved.feeMinor, currency: moved.currency } : {};
  // A place came free on the reserve list: it is the pilgrim's until the fresh pay-by time.
  if (to === 'pending_payment' && from === 'reserved') {
    return { ...base, type: 'place_offered', params: { reference, deadline: payByOf(moved).toISOString(), ...amount } };
  }
  if (to === 'pending_payment') {
    return { ...base, type: 'request_submitted', params: { reference, stage: 'first', deadline: payByOf(moved).toISOString(), ...amount } };
  }
  if (to === 'submitted' && from === 'changes_requested') return { ...base, type: 'request_submitted', params: { reference, stage: 'resubmitted' } };
  // Paid: through the gateway or at the office's counter, the same notice. The first payment is all that was taken:
  // its amount (the deposit, or the whole fee) and what is still owed, never the whole fee as "received".
  if (to === 'submitted' && actor === 'system') {
    const received = moved.feeMinor !== null && money.owed_minor !== undefined ? moved.feeMinor - money.owed_minor : moved.feeMinor;
    const part = money.owed_minor ? 'deposit' : 'full';
    return { ...base, type: 'payment_succeeded', params: { reference, ...amount, ...money, ...(received !== null ? { amount_minor: received } : {}), part } };
  }
  if (to === 'changes_requested') {
    // Each field to change, with its ready-made reason and note (issue 41, item 8): rendered in the pilgrim's language when read.
    // Kept by pilgrim id; the notice names each pilgrim as the list reads when it is sent (companions.ts).
    const fields = Object.entries(moved.flagged ?? {}).flatMap(([key, names]) => {
      const pilgrim = pilgrimLabelOf(moved.data, key);
      return pilgrim ? names.map((field) => ({ pilgrim, field, reason: moved.flagNotes?.[key]?.[field]?.reason ?? null, note: moved.flagNotes?.[key]?.[field]?.note ?? null })) : [];
    });
    return {
      ...base,
      type: 'changes_requested',
      params: { reference, note: note ?? '', fields: JSON.stringify(fields), ...(moved.changesDueAt ? { changes_by: moved.changesDueAt.toISOString() } : {}) },
    };
  }
  if (to === 'expired') return { ...base, type: 'request_expired', params: { reference } };
  // Approved: "your journey is confirmed" only when nothing is owed; otherwise what is owed, and what a missed instalment does.
  if (to === 'approved') return { ...base, type: 'status_changed', params: { reference, status: to, ...(note ? { note } : {}), ...money, grace: INSTALMENT_GRACE_DAYS, confirmed: money.owed_minor ? 'no' : 'yes' } };
  return { ...base, type: 'status_changed', params: { reference, status: to, ...(note ? { note } : {}) } };
}
