import 'server-only';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments, requests } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { moveRequest } from '@/lib/server/requests/move-request';
import { notify } from '@/lib/server/notifications/notify';
import { returnLapsedDraftPlaces } from '@/lib/server/requests/places';
import { offerAllPlaces } from '@/lib/server/requests/reserve-offers';
import { refresh, voidOpenPayments } from './payments';
import { applyInstalmentDeadlines } from './instalments';

const REMINDER_HOURS_BEFORE = 24;

/**
 * Unpaid requests: a reminder 24 hours before the deadline, then expiry
 * (which gives their places back, history.ts).
 * A payment still open is asked about first, so a request paid at the last
 * minute is never expired.
 */
export async function applyPaymentDeadlines() {
  const db = await getDb();
  const hours = env().PAYMENT_DEADLINE_HOURS;

  const due = await db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.status, 'pending_payment'),
        isNull(requests.paymentReminderAt),
        lt(requests.submittedAt, sql`now() - make_interval(hours => ${hours - REMINDER_HOURS_BEFORE})`),
      ),
    );
  for (const request of due) {
    // Marked and notified together: one reminder, even with several instances running this.
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(requests)
        .set({ paymentReminderAt: new Date() })
        .where(and(eq(requests.id, request.id), isNull(requests.paymentReminderAt), eq(requests.status, 'pending_payment')))
        .returning();
      if (!marked) return;
      const deadline = new Date((marked.submittedAt ?? new Date()).getTime() + hours * 3_600_000).toISOString();
      await notify(tx, {
        userId: marked.userId,
        type: 'payment_reminder',
        requestId: marked.id,
        params: { reference: marked.reference ?? '', deadline, amount_minor: marked.feeMinor ?? 0, currency: marked.currency ?? 'SAR' },
      });
    });
  }

  const late = await db
    .select()
    .from(requests)
    .where(and(eq(requests.status, 'pending_payment'), lt(requests.submittedAt, sql`now() - make_interval(hours => ${hours})`)));
  let expired = 0;
  for (const request of late) {
    // The checkout is past the deadline too: asked about (a last-minute payment still counts),
    // then voided, so a checkout the payer abandoned never keeps the request open for ever.
    const open = await db.select().from(payments).where(and(eq(payments.requestId, request.id), inArray(payments.status, ['initiated', 'pending'])));
    for (const payment of open) await refresh(payment).catch(() => undefined);
    await voidOpenPayments(request.id).catch(() => undefined);
    const moved = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(requests).where(eq(requests.id, request.id)).limit(1).for('update');
      if (current?.status !== 'pending_payment') return false;
      const [stillOpen] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.requestId, request.id), inArray(payments.status, ['initiated', 'pending'])))
        .limit(1);
      // The gateway could not be reached to void it: wait for it rather than expire money in flight.
      if (stillOpen) return false;
      await moveRequest(tx, current, 'expired', 'system', null, { version: current.version + 1 });
      return true;
    });
    if (moved) expired += 1;
  }
  // Expiry gave back the places of the requests above; drafts reopened from payment and not sent again by then give theirs back here.
  const placesReturned = await returnLapsedDraftPlaces(db);
  // Those places, and any given back by a path that does not offer them itself, go down the reserve lists.
  const placesOffered = await offerAllPlaces(db);
  // The payment plans' reminders and missed instalments (instalments.ts); a cancellation offers its places itself.
  const instalments = await applyInstalmentDeadlines();
  return { reminded: due.length, expired, placesReturned, placesOffered, instalments };
}
