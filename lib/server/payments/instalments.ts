import 'server-only';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { instalmentReminders, invitations, payments, requests } from '@/lib/server/db/schema';
import { describeError, logger } from '@/lib/server/log/logger';
import { moveRequest } from '@/lib/server/requests/move-request';
import { notify } from '@/lib/server/notifications/notify';
import { INSTALMENT_GRACE_DAYS, INSTALMENT_REMINDER_DAYS, planParts, type PlannedPart } from '@/lib/payments/payment-plan';
import { isInstalment, OWING_STATUSES } from './payment-parts';
import { markRefundDue, paidPartsOf, refresh, releasePayments } from './payments';

// The payment plans' dates (docs/INSTALMENTS.md), run with the payment deadlines: a reminder 7 days and
// 1 day before each instalment's due date, and a request whose instalment is still unpaid 3 days after its
// due date cancelled: the instalments paid are refunded, the deposit is kept, the places go to the reserve list.

const DAY = 86_400_000;
type RequestRow = typeof requests.$inferSelect;

/**
 * Who hears about a part due: the applicant, and anyone who has paid a part of it before and is still on the
 * request (a companion whose invitation still stands: one removed or gone hears nothing more of it).
 */
async function payersOf(db: Db, request: RequestRow) {
  const rows = await db
    .selectDistinct({ userId: payments.userId })
    .from(payments)
    .innerJoin(invitations, and(eq(invitations.requestId, payments.requestId), eq(invitations.acceptedBy, payments.userId), isNull(invitations.endedAt)))
    .where(and(eq(payments.requestId, request.id), eq(payments.status, 'paid')));
  return [...new Set([request.userId, ...rows.map((row) => row.userId)])];
}

/** What a notice about a part says: which request and part, how much, by when, and the grace after it. */
function partNews(request: RequestRow, part: PlannedPart) {
  return { reference: request.reference ?? '', part: part.part, amount_minor: part.amount_minor, currency: request.currency ?? 'SAR', deadline: part.due_at!, grace: INSTALMENT_GRACE_DAYS };
}

/** One reminder per part and kind, whatever the instances running this: the row is the proof it went. */
async function remind(request: RequestRow, part: PlannedPart, kind: 'week' | 'day') {
  const db = await getDb();
  const recipients = await payersOf(db, request);
  await db.transaction(async (tx) => {
    const [first] = await tx.insert(instalmentReminders).values({ requestId: request.id, part: part.part, kind }).onConflictDoNothing().returning();
    if (!first) return;
    const params = { ...partNews(request, part), when: kind };
    for (const userId of recipients) await notify(tx, { userId, type: 'instalment_due', requestId: request.id, params });
  });
}

/**
 * The part was not paid by its due date nor in the grace after it: the
 * request is cancelled by the system (its places given back and offered down
 * the reserve list in the same transaction, move-request.ts), the instalments
 * paid owed back, the deposit kept. A checkout still open for it is asked
 * about first, so a part paid at the last minute never cancels anything.
 */
async function cancelForMissed(request: RequestRow, part: PlannedPart) {
  const db = await getDb();
  const open = await db.select().from(payments).where(and(eq(payments.requestId, request.id), inArray(payments.status, ['initiated', 'pending'])));
  for (const payment of open) await refresh(payment).catch(() => undefined);
  const cancelled = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(requests).where(eq(requests.id, request.id)).limit(1).for('update');
    if (!current || !OWING_STATUSES.includes(current.status) || (await paidPartsOf(tx, current.id)).has(part.part)) return false;
    // A checkout the gateway still holds open (the payer may be paying right now): the next run decides, as expiry does.
    const [inFlight] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.requestId, current.id), inArray(payments.status, ['initiated', 'pending']))).limit(1);
    if (inFlight) return false;
    // What goes back: every part paid but the deposit (the rule shown before the pilgrim chose the plan).
    const paidRows = await tx.select({ part: payments.part, amount: payments.amountMinor }).from(payments).where(and(eq(payments.requestId, current.id), eq(payments.status, 'paid')));
    const refund = paidRows.filter((row) => row.part !== 'deposit').reduce((sum, row) => sum + row.amount, 0);
    const notice = {
      userId: current.userId,
      type: 'instalment_missed' as const,
      requestId: current.id,
      params: { ...partNews(current, part), refund_minor: refund },
    };
    await moveRequest(tx, current, 'cancelled', 'system', null, { version: current.version + 1 }, null, notice);
    await markRefundDue(tx, current.id, 'instalment_missed', undefined, ['deposit']);
    await tx.insert(instalmentReminders).values({ requestId: current.id, part: part.part, kind: 'missed' }).onConflictDoNothing();
    return true;
  });
  // The instalments paid go back through their gateway; a checkout still open is voided.
  if (cancelled) await releasePayments(request.id);
  return cancelled;
}

/** Every few minutes, with the payment deadlines: reminders before each instalment, and cancellation after the grace. */
export async function applyInstalmentDeadlines(now = new Date()) {
  const db = await getDb();
  const owing = await db.select().from(requests).where(and(isNotNull(requests.paymentPlan), inArray(requests.status, [...OWING_STATUSES])));
  let reminded = 0;
  let cancelled = 0;
  for (const request of owing) {
    try {
      const result = await applyToRequest(db, request, now);
      reminded += result.reminded;
      cancelled += result.cancelled;
    } catch (error) {
      // One request that fails (a gateway down, a row it cannot read) never stops the others' reminders and deadlines.
      logger.error('instalment deadlines failed', { request: request.id, error: describeError(error) });
    }
  }
  return { reminded, cancelled };
}

/** One request's reminders, or its cancellation for a part missed past the grace. */
async function applyToRequest(db: Db, request: RequestRow, now: Date) {
  let reminded = 0;
  let cancelled = 0;
  const paid = await paidPartsOf(db, request.id);
  if (!paid.has('deposit') || request.feeMinor === null) return { reminded, cancelled };
  const sent = new Set((await db.select().from(instalmentReminders).where(eq(instalmentReminders.requestId, request.id))).map((row) => `${row.part}:${row.kind}`));
  for (const part of planParts(request.feeMinor, request.paymentPlan).filter((planned) => isInstalment(planned.part) && !paid.has(planned.part))) {
    const due = Date.parse(part.due_at!);
    if (now.getTime() > due + INSTALMENT_GRACE_DAYS * DAY) {
      if (await cancelForMissed(request, part)) cancelled += 1;
      break;
    }
    // The nearer reminder only: a plan chosen 3 days before a due date gets "tomorrow", not also "in a week".
    const kind = now.getTime() >= due - INSTALMENT_REMINDER_DAYS.day * DAY ? 'day' : now.getTime() >= due - INSTALMENT_REMINDER_DAYS.week * DAY ? 'week' : null;
    if (kind && !sent.has(`${part.part}:${kind}`) && !(kind === 'week' && sent.has(`${part.part}:day`))) {
      await remind(request, part, kind);
      reminded += 1;
    }
  }
  return { reminded, cancelled };
}
