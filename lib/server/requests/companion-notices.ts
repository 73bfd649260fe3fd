import 'server-only';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { invitations, requests, users } from '@/lib/server/db/schema';
import { notify } from '@/lib/server/notifications/notify';
import type { RequestStatus } from '@/lib/requests/statuses';
import { companionById, companionsOf } from './companions';
import type { MoneyNoticeParams } from './money-notice';

// Notices to each invited companion (issue 42, item 2): the moves of the request
// they are on that concern them, in their own language (rendered when read, like
// every notice), leading to their own part. The owner's notices are history.ts's.

export type CompanionEvent = 'sent' | 'paid' | 'changes' | 'sent_again' | 'approved' | 'closed';

/** What a move means to a companion, or null when it is not their news (a draft reopened, the review starting). */
export function companionEventOf(from: RequestStatus, to: RequestStatus, flaggedThem: boolean): CompanionEvent | null {
  if (to === 'pending_payment') return 'sent';
  if (to === 'submitted') return from === 'changes_requested' ? 'sent_again' : 'paid';
  // Changes asked of other pilgrims only are not theirs to make.
  if (to === 'changes_requested') return flaggedThem ? 'changes' : null;
  if (to === 'approved') return 'approved';
  if (to === 'rejected' || to === 'cancelled' || to === 'expired') return 'closed';
  return null;
}

/** In the move's transaction: a notice to each companion who took up their invitation and is still on the request. */
export async function notifyCompanions(tx: Db, moved: typeof requests.$inferSelect, from: RequestStatus, to: RequestStatus, money: MoneyNoticeParams = {}) {
  // Only a companion still listed is told (companionById below): none listed, no one to ask the database about.
  if (!companionsOf(moved.data).length) return;
  const companions = await tx
    .select({ userId: invitations.acceptedBy, pilgrimId: invitations.pilgrimId, organiser: users.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, moved.userId))
    .where(and(eq(invitations.requestId, moved.id), isNull(invitations.endedAt), isNotNull(invitations.acceptedBy)));
  for (const companion of companions) {
    const on = companionById(moved.data, companion.pilgrimId);
    if (!on || !companion.userId) continue;
    // The office's flags are kept against each companion's id (companions.ts).
    const event = companionEventOf(from, to, (moved.flagged?.[companion.pilgrimId]?.length ?? 0) > 0);
    if (!event) continue;
    await notify(tx, {
      userId: companion.userId,
      requestId: moved.id,
      type: 'shared_request_update',
      params: {
        reference: moved.reference ?? '',
        organiser: companion.organiser,
        event,
        status: to,
        ...(event === 'changes' && moved.changesDueAt ? { changes_by: moved.changesDueAt.toISOString() } : {}),
        // Approved with money still owed: the companion reads what is owed, and no "journey confirmed" (issue 57, item 3).
        ...(event === 'approved' || event === 'paid' ? { ...money, confirmed: money.owed_minor ? 'no' : 'yes' } : {}),
        // Paid: what was received, the deposit when one was paid (the first payment is all that was taken).
        ...(event === 'paid' && moved.feeMinor !== null && money.owed_minor !== undefined ? { amount_minor: moved.feeMinor - money.owed_minor } : {}),
      },
    });
  }
}
