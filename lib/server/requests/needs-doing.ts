import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { payments, requestHistory, requests } from '@/lib/server/db/schema';
import { nextInstalment, OWING_STATUSES, paidParts } from '@/lib/server/payments/payment-parts';
import { INSTALMENT_GRACE_DAYS, isDifference, type PaymentPlan } from '@/lib/payments/payment-plan';
import { summaryColumns, takenPayments } from './request-rows';
import { requestSummary } from './request-views';
import { reservePosition } from './reserve-position';
import type { NeedsDoing } from '@/lib/contract/requests';

// The most of each kind listed: more than a person can act on at once (the lists have the rest).
const MOST_PER_KIND = 20;
const DAY = 86_400_000;
// An instalment is listed this long before its date: two weeks to gather the money (the reminders come at 7 days and 1).
const INSTALMENT_NOTICE_DAYS = 14;

/**
 * What needs doing on a user's account (GET /api/v1/me/needs-doing, the
 * account page and the header's count): requests awaiting payment (soonest
 * deadline first), requests the office sent back for changes (with its note,
 * and the difference to pay when a dearer package was chosen in them),
 * instalments coming due (docs/INSTALMENTS.md: from two weeks before their
 * date, and while late), and drafts (last saved first). One query for the requests,
 * one for the notes, one for the parts paid. `count` is what must be done by
 * someone else's clock (payments, instalments and changes): a draft can wait,
 * and a badge that never goes away is ignored, so an instalment months away
 * is not listed (the request's page shows every part).
 */
export async function needsDoing(userId: string, now = new Date()): Promise<NeedsDoing> {
  const db = await getDb();
  const rows = await db
    .select({
      request: summaryColumns,
      taken: takenPayments,
      position: reservePosition,
      plan: requests.paymentPlan,
    })
    .from(requests)
    .where(
      and(
        eq(requests.userId, userId),
        or(
          inArray(requests.status, ['pending_payment', 'changes_requested', 'reserved', 'draft']),
          // Paid in parts and still owing: its next instalment may be near.
          and(inArray(requests.status, [...OWING_STATUSES]), isNotNull(requests.paymentPlan)),
        ),
      ),
    )
    .orderBy(asc(requests.submittedAt), desc(requests.updatedAt), desc(requests.id));

  const of = (status: string) => rows.filter((row) => row.request.status === status).slice(0, MOST_PER_KIND);
  const awaiting = of('pending_payment');
  const changes = of('changes_requested');
  // On a reserve list: nothing to do but wait; shown with the position, so that the wait is seen.
  const reserved = of('reserved');
  const drafts = of('draft').sort((a, b) => b.request.updatedAt.getTime() - a.request.updatedAt.getTime());

  // The office's note that sent each one back: the latest move to changes_requested.
  const notes = new Map<string, string | null>();
  if (changes.length) {
    const moves = await db
      .select({ requestId: requestHistory.requestId, note: requestHistory.note })
      .from(requestHistory)
      .where(and(inArray(requestHistory.requestId, changes.map((row) => row.request.id)), eq(requestHistory.toStatus, 'changes_requested')))
      .orderBy(asc(requestHistory.createdAt));
    for (const move of moves) notes.set(move.requestId, move.note);
  }

  const summary = ({ request, taken, position }: (typeof rows)[number]) => requestSummary(request, taken ?? [], position);
  const instalments = await instalmentsDue(rows.filter((row) => row.plan && OWING_STATUSES.includes(row.request.status)), now);
  return {
    count: awaiting.length + changes.length + instalments.length,
    awaiting_payment: awaiting.map(summary),
    changes_requested: changes.map((row) => {
      const request = summary(row);
      // A dearer package chosen in the changes, its difference still to pay (and by when): listed with the request, as
      // the payment that sends it back to the office (issue 57, item 6).
      const due = request.money?.next_due;
      return { ...request, office_note: notes.get(row.request.id) ?? null, difference_due: due && isDifference(due.part) ? due : null };
    }),
    instalments_due: instalments.map(({ row, instalment }) => ({ ...summary(row), instalment })),
    reserved: reserved.map(summary),
    drafts: drafts.map(summary),
  };
}

type PlanRow = { request: { id: string; feeMinor: number | null }; plan: PaymentPlan | null };

/**
 * Of the requests paid in parts, those whose next unpaid instalment is due within two weeks, or
 * late and still in its grace (after it the request is cancelled, and owes nothing more); soonest first.
 * Before the deposit is paid nothing is owed in parts (the request awaits its first payment).
 */
async function instalmentsDue<Row extends PlanRow>(rows: Row[], now: Date) {
  if (!rows.length) return [];
  const db = await getDb();
  const paidRows = await db
    .select({ requestId: payments.requestId, part: payments.part, status: payments.status })
    .from(payments)
    .where(and(inArray(payments.requestId, rows.map((row) => row.request.id)), eq(payments.status, 'paid')));
  const due = [];
  for (const row of rows) {
    const paid = paidParts(paidRows.filter((payment) => payment.requestId === row.request.id));
    if (!paid.has('deposit') || row.request.feeMinor === null || !row.plan) continue;
    const next = nextInstalment(row.request.feeMinor, row.plan, paid);
    if (!next?.due_at) continue;
    const dueAt = Date.parse(next.due_at);
    if (dueAt - now.getTime() > INSTALMENT_NOTICE_DAYS * DAY) continue;
    const instalment = { part: next.part, amount_minor: next.amount_minor, due_at: next.due_at, late: now.getTime() > dueAt, grace_days: INSTALMENT_GRACE_DAYS };
    due.push({ row, instalment, dueAt });
  }
  return due.sort((a, b) => a.dueAt - b.dueAt).slice(0, MOST_PER_KIND);
}
