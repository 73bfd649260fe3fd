import 'server-only';
import type { RequestStatus } from '@/lib/requests/statuses';
import { isDifference, planOffered, planParts, sharePerPilgrim, INSTALMENT_GRACE_DAYS, type PaymentPartName, type PaymentPlan, type PlannedPart } from '@/lib/payments/payment-plan';
import type { PaymentPlanView } from '@/lib/contract/requests';
import { moneyOf, nextDifferencePart, paymentViewStatus, TOOK_MONEY_STATUSES, type MoneyPayment } from '@/lib/payments/money';
import { eq, inArray } from 'drizzle-orm';
import { packageChanges, placeHolds, requestTypes, users, type payments, type requests } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';

// Which part of a request's fee can be paid now, and for how much (issue 42, item 3; docs/INSTALMENTS.md).
// A request awaiting payment is paid in full, or by its deposit when its service has a plan; once the
// deposit is paid it moves on as any paid request, and owes the plan's instalments while it is open. A
// dearer package chosen after paying (issue 57, item 6) owes its difference before it goes back to the office.

type RequestRow = Pick<typeof requests.$inferSelect, 'status' | 'feeMinor' | 'currency' | 'paymentPlan' | 'submittedAt' | 'feePilgrims' | 'pilgrims'>;
/** What the parts due read of a request's payments: which parts took money, and how much is held (the money state). */
export type PaidRow = Pick<typeof payments.$inferSelect, 'part' | 'status' | 'amountMinor' | 'refundAmountMinor' | 'refundReason' | 'changeRefundMinor' | 'changeRefundedMinor'>;
type PaymentRow = PaidRow & Pick<typeof payments.$inferSelect, 'id' | 'paidAt' | 'userId'>;

/** A payment row as the money state reads it (lib/payments/money.ts). */
export function moneyPayment(p: PaidRow): MoneyPayment {
  return {
    part: p.part,
    status: p.status,
    amount_minor: p.amountMinor,
    refund_amount_minor: p.refundAmountMinor,
    refund_reason: p.refundReason,
    change_refund_minor: p.changeRefundMinor,
    change_refunded_minor: p.changeRefundedMinor,
  };
}

/** A paid part's state: its payment's as answered (a refund of less than all of it reads `partially_refunded`). */
type PartPaid = 'paid' | 'refunding' | 'refunded' | 'partially_refunded' | 'kept';
const isPartPaid = (state: string): state is PartPaid => ['paid', 'refunding', 'refunded', 'partially_refunded', 'kept'].includes(state);

/** The statuses in which a request whose deposit is paid still owes, and takes, its instalments. */
export const OWING_STATUSES: readonly RequestStatus[] = ['submitted', 'under_review', 'changes_requested', 'approved'];

export const isInstalment = (part: string) => part.startsWith('instalment-');

/** The parts of a request's fee already paid (not those refunded since). */
export function paidParts(rows: readonly Pick<PaymentRow, 'part' | 'status'>[]): Set<string> {
  return new Set(rows.filter((row) => row.status === 'paid').map((row) => row.part));
}

/** The pay-by time of a request awaiting payment: its submit plus the deadline. */
export function payByOf(request: Pick<RequestRow, 'submittedAt'>): Date {
  return new Date((request.submittedAt ?? new Date()).getTime() + env().PAYMENT_DEADLINE_HOURS * 3_600_000);
}

/**
 * What `part` costs if it can be paid now, else null: the fee in full or the
 * deposit (of the plan frozen on the request) while nothing is paid and the
 * request awaits payment; an instalment not yet paid while a request whose
 * deposit is paid is open; the difference of a dearer package while the
 * request waits for it to go back to the office. `rows`: the request's payments.
 */
export function amountDue(request: RequestRow, rows: readonly PaidRow[], part: string): number | null {
  if (request.feeMinor === null || !request.currency) return null;
  const paid = paidParts(rows);
  if (isDifference(part)) return part === nextDifferencePart(rows) ? differenceOwed(request, rows) : null;
  if (request.status === 'pending_payment') {
    if (paid.size > 0) return null;
    if (part === 'full') return request.feeMinor;
    return part === 'deposit' && request.paymentPlan ? planParts(request.feeMinor, request.paymentPlan)[0]!.amount_minor : null;
  }
  if (!OWING_STATUSES.includes(request.status) || !request.paymentPlan || !paid.has('deposit') || paid.has(part) || !isInstalment(part)) return null;
  return planParts(request.feeMinor, request.paymentPlan).find((planned) => planned.part === part)?.amount_minor ?? null;
}

/** The earliest instalment of a plan not yet paid (its amount and due date), if any is left. */
export function nextInstalment(feeMinor: number, plan: PaymentPlan, paid: Set<string>): PlannedPart | undefined {
  return planParts(feeMinor, plan).find((planned) => isInstalment(planned.part) && !paid.has(planned.part));
}

/**
 * What a dearer package chosen after paying still owes (the money state's outstanding), while the request waits
 * for it in `changes_requested` (the resend kept it there, requests.ts); null when nothing is owed. Only without a
 * plan: a request paid in instalments keeps its package's fee (docs/INSTALMENTS.md).
 */
export function differenceOwed(request: RequestRow, rows: readonly PaidRow[]): number | null {
  if (request.status !== 'changes_requested' || request.paymentPlan) return null;
  const owed = moneyOf(request, rows.map(moneyPayment))?.outstanding_minor ?? 0;
  return owed > 0 ? owed : null;
}

/** The part a payment is for when the payer names none: the whole fee first, then the earliest instalment owed, or the difference owed. */
export function nextPart(request: RequestRow, rows: readonly PaidRow[]): PaymentPartName {
  if (differenceOwed(request, rows) !== null) return nextDifferencePart(rows);
  if (request.status === 'pending_payment' || !request.paymentPlan || request.feeMinor === null) return 'full';
  return nextInstalment(request.feeMinor, request.paymentPlan, paidParts(rows))?.part ?? 'full';
}

/**
 * The request's fee as its parts (GET /requests/{id} `payment_plan`): while
 * nothing is paid, the service's plan when it is offered (to choose from);
 * after, the parts of the choice made, each paid or not, by whom. Null before
 * the request has a fee.
 */
export function paymentPlanView(
  request: RequestRow,
  servicePlan: PaymentPlan | null,
  rows: PaymentRow[],
  payers: Map<string, string>,
  // What is still to pay: the request's money state says it (lib/payments/money.ts), not a sum of its own.
  outstandingMinor: number,
): PaymentPlanView | null {
  if (request.feeMinor === null || !request.currency) return null;
  const paid = paidParts(rows);
  const choosing = request.status === 'pending_payment' && paid.size === 0;
  const offered = choosing && planOffered(servicePlan, payByOf(request));
  const plan = paid.has('deposit') ? request.paymentPlan : offered ? servicePlan : null;
  const parts = [...planParts(request.feeMinor, plan), ...(plan ? [] : differenceParts(request, rows))].map((planned) => {
    const payment = rows.find((row) => row.part === planned.part && (TOOK_MONEY_STATUSES as readonly string[]).includes(row.status));
    const paidState = payment ? paymentViewStatus(payment) : null;
    const late = planned.due_at !== null && !payment && Date.parse(planned.due_at) < Date.now();
    // The whole fee as it was taken: a later package change's difference is a part of its own.
    const amount = !plan && payment && planned.part === 'full' ? payment.amountMinor : planned.amount_minor;
    return {
      ...planned,
      amount_minor: amount,
      state: paidState && isPartPaid(paidState) ? paidState : late ? ('late' as const) : ('due' as const),
      payment_id: payment?.id ?? null,
      paid_at: payment?.paidAt?.toISOString() ?? null,
      paid_by: payment ? (payers.get(payment.userId) ?? null) : null,
      share_per_pilgrim_minor: sharePerPilgrim(amount, request.feePilgrims ?? request.pilgrims),
    };
  });
  return {
    choice: paid.has('deposit') ? 'instalments' : paid.has('full') ? 'full' : null,
    deposit_offered: offered,
    parts,
    outstanding_minor: outstandingMinor,
    fee_per_pilgrim_minor: sharePerPilgrim(request.feeMinor, request.feePilgrims ?? request.pilgrims),
    grace_days: INSTALMENT_GRACE_DAYS,
  };
}

/**
 * Without a plan, the fee as paid: the whole fee as it was taken, then each difference of a dearer package
 * chosen after paying (paid, then the one owed), so that the parts add up to what was asked (issue 57, item 6).
 * Rewrites the `full` part's amount to what it took once the fee changed.
 */
function differenceParts(request: RequestRow, rows: PaymentRow[]): PlannedPart[] {
  const taken = rows.filter((row) => (TOOK_MONEY_STATUSES as readonly string[]).includes(row.status) && isDifference(row.part));
  const owed = differenceOwed(request, rows);
  const share = (amount: number) => Math.round((amount * 100) / Math.max(1, request.feeMinor ?? 1));
  const parts: PlannedPart[] = taken.map((row) => ({ part: row.part as PaymentPartName, percent: share(row.amountMinor), amount_minor: row.amountMinor, due_at: null }));
  if (owed !== null) parts.push({ part: nextDifferencePart(rows), percent: share(owed), amount_minor: owed, due_at: null });
  return parts;
}

/**
 * What the plan's view needs beyond the request: the service's plan now, the names of those who paid, the package
 * whose places it holds (its fee's package once sent), and the package and fee paid for while a dearer package's
 * difference is owed (package_changes): what check answers compares a package chosen in the changes with.
 */
export async function planContext(db: Db, request: { id: string; typeId: string }, rows: Pick<PaymentRow, 'userId'>[]) {
  const ids = [...new Set(rows.map((row) => row.userId))];
  const [[type], names, [hold], [kept]] = await Promise.all([
    db.select({ plan: requestTypes.paymentPlan }).from(requestTypes).where(eq(requestTypes.id, request.typeId)).limit(1),
    ids.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : Promise.resolve([]),
    db.select({ package: placeHolds.package }).from(placeHolds).where(eq(placeHolds.requestId, request.id)).limit(1),
    db.select({ package: packageChanges.package, feeMinor: packageChanges.feeMinor }).from(packageChanges).where(eq(packageChanges.requestId, request.id)).limit(1),
  ]);
  return {
    servicePlan: type?.plan ?? null,
    payers: new Map(names.map((payer) => [payer.id, payer.name])),
    feePackage: hold?.package ?? null,
    paidFor: kept ? { package: kept.package, fee_minor: kept.feeMinor } : null,
  };
}
