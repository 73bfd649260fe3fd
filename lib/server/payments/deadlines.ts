import 'server-only';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments, requests } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { moveRequest } from '@/lib/server/requests/move-request';
import { notify } from '@/lib/server/notifications/notify';
import { restoreChange, returnLapsedDraftPlaces } from '@/lib/server/requests/places';
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
  const differencesLapsed = await applyDifferenceDeadlines();
  // Expiry gave back the places of the requests above; drafts reopened from payment and not sent again by then give theirs back here.
  const placesReturned = await returnLapsedDraftPlaces(db);
  // Those places, and any given back by a path that does not offer them itself, go down the reserve lists.
  const placesOffered = await offerAllPlaces(db);
  // The payment plans' reminders and missed instalments (instalments.ts); a cancellation offers its places itself.
  const instalments = await applyInstalmentDeadlines();
  return { reminded: due.length, expired, placesReturned, placesOffered, instalments, differencesLapsed };
}

/**
 * A dearer package chosen after paying whose difference was not paid by its pay-by time (issue 57, item 6;
 * docs/INSTALMENTS.md): the new package's hold goes back (down its reserve list, with the sweep's offers), and the
 * request returns to the package and fee it was paid for, whose places it kept, still waiting in changes_requested
 * for its changes; the owner is told. A checkout still open for the difference is asked about first (a difference
 * paid at the last minute sends the request on instead), then voided; one the gateway still holds open makes the
 * sweep wait for it. Once per request, whatever the instances running this (the request's lock, the row re-read).
 */
export async function applyDifferenceDeadlines() {
  const db = await getDb();
  const lapsed = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.status, 'changes_requested'), isNotNull(requests.differenceDueAt), lt(requests.differenceDueAt, sql`now()`)));
  let returned = 0;
  for (const { id } of lapsed) {
    const open = await db.select().from(payments).where(and(eq(payments.requestId, id), inArray(payments.status, ['initiated', 'pending'])));
    for (const payment of open) await refresh(payment).catch(() => undefined);
    await voidOpenPayments(id).catch(() => undefined);
    const back = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(requests).where(eq(requests.id, id)).limit(1).for('update');
      if (current?.status !== 'changes_requested' || !current.differenceDueAt || current.differenceDueAt.getTime() > Date.now()) return false;
      const [stillOpen] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.requestId, id), inArray(payments.status, ['initiated', 'pending'])))
        .limit(1);
      if (stillOpen) return false;
      const kept = await restoreChange(tx, id);
      if (!kept) {
        // Nothing kept aside to go back to (a change made before pay-by times existed): it keeps waiting, without one.
        await tx.update(requests).set({ differenceDueAt: null }).where(eq(requests.id, id));
        return false;
      }
      const service = (current.data.service ?? {}) as Record<string, unknown>;
      await tx
        .update(requests)
        .set({ feeMinor: kept.feeMinor, differenceDueAt: null, data: { ...current.data, service: { ...service, package: kept.package } }, version: current.version + 1, updatedAt: new Date() })
        .where(eq(requests.id, id));
      await notify(tx, {
        userId: current.userId,
        type: 'difference_lapsed',
        requestId: id,
        params: { reference: current.reference ?? '', amount_minor: (current.feeMinor ?? 0) - kept.feeMinor, currency: current.currency ?? 'SAR', deadline: current.differenceDueAt.toISOString() },
      });
      return true;
    });
    if (back) returned += 1;
  }
  return returned;
}
