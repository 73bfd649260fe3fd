import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { payments, requestHistory, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { PLACES_GIVEN_BACK, TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';
import { env } from '@/lib/server/env';
import { notify, type NotificationInput } from '@/lib/server/notifications/notify';
import { keepPlaces, returnPlaces } from './places';
import { offerPlaces } from './reserve';

export type Actor = 'user' | 'office' | 'system';

/**
 * Moves a request to another status, if `actor` may make that move from the
 * current one, and writes the move into the request's history (and what it
 * does to the request's places). Runs inside the caller's transaction; the status check is part of the UPDATE, so two
 * moves at once cannot both pass.
 */
export async function moveRequest(
  tx: Db,
  request: { id: string; status: string },
  to: RequestStatus,
  actor: Actor,
  note: string | null = null,
  changes: Partial<typeof requests.$inferInsert> = {},
  /** The staff member behind an office move made in the console. */
  staffId: string | null = null,
) {
  const from = request.status as RequestStatus;
  // Only a payment moves a request awaiting it on: the move follows a paid payment row of this
  // request (the gateway's, or one recorded at the counter), written in this same transaction.
  if (from === 'pending_payment' && to === 'submitted' && (actor !== 'system' || !(await hasPaidPayment(tx, request.id)))) {
    throw new ApiError('conflict', { messageKey: 'payment_required' });
  }
  if (!TRANSITIONS[from]?.[actor].includes(to)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  const [moved] = await tx
    .update(requests)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(requests.id, request.id), eq(requests.status, from)))
    .returning();
  if (!moved) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  await tx.insert(requestHistory).values({ requestId: request.id, fromStatus: from, toStatus: to, actor, note, staffId });
  // The places follow the move, in its transaction: every path that closes a request gives them back.
  // Places given back are offered down the package's reserve list in the same transaction (reserve.ts).
  if (PLACES_GIVEN_BACK.includes(to)) {
    const returned = await returnPlaces(tx, request.id);
    if (returned) await offerPlaces(tx, returned.typeId, returned.package);
  } else if (from === 'pending_payment' && to === 'submitted') await keepPlaces(tx, request.id);
  await notify(tx, notificationOfMove(moved, from, to, actor, note));
  return moved;
}

async function hasPaidPayment(tx: Db, requestId: string) {
  const [paid] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.requestId, requestId), eq(payments.status, 'paid'))).limit(1);
  return Boolean(paid);
}

/** Every move is also a notification to the request's owner; which one depends on the move. */
function notificationOfMove(
  moved: typeof requests.$inferSelect,
  from: RequestStatus,
  to: RequestStatus,
  actor: Actor,
  note: string | null,
): NotificationInput {
  const base = { userId: moved.userId, requestId: moved.id };
  const reference = moved.reference ?? '';
  const amount: Record<string, string | number> = moved.feeMinor !== null && moved.currency ? { amount_minor: moved.feeMinor, currency: moved.currency } : {};
  // A place came free on the reserve list: it is the pilgrim's until the fresh pay-by time.
  if (to === 'pending_payment' && from === 'reserved') {
    return { ...base, type: 'place_offered', params: { reference, deadline: payByOf(moved), ...amount } };
  }
  if (to === 'pending_payment') {
    return { ...base, type: 'request_submitted', params: { reference, stage: 'first', deadline: payByOf(moved), ...amount } };
  }
  if (to === 'submitted' && from === 'changes_requested') return { ...base, type: 'request_submitted', params: { reference, stage: 'resubmitted' } };
  // Paid: through the gateway or at the office's counter, the same notice.
  if (to === 'submitted' && actor === 'system') return { ...base, type: 'payment_succeeded', params: { reference, ...amount } };
  if (to === 'changes_requested') return { ...base, type: 'changes_requested', params: { reference, note: note ?? '' } };
  if (to === 'expired') return { ...base, type: 'request_expired', params: { reference } };
  return { ...base, type: 'status_changed', params: { reference, status: to, ...(note ? { note } : {}) } };
}

function payByOf(moved: typeof requests.$inferSelect) {
  const submitted = moved.submittedAt ?? new Date();
  return new Date(submitted.getTime() + env().PAYMENT_DEADLINE_HOURS * 3_600_000).toISOString();
}
