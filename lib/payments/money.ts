import { isDifference, planParts, type PaymentPartName, type PaymentPlan } from './payment-plan';
import type { RequestStatus } from '@/lib/requests/statuses';
import type { PaymentViewStatus, StoredPaymentStatus } from '@/lib/contract/payments';

// A request's money, derived in one place (issue 57, item 2; DESIGN section 10; docs/INSTALMENTS.md, "Money
// states"). Every page, list, notice, e-mail, receipt and CSV reads what this returns; none sums payments itself.
// Pure and free of the server, so that the same rule is unit-tested and the contract's type names it.

/**
 * unpaid: nothing taken for the fee. deposit_paid: something taken, something still owed (a deposit, maybe
 * instalments, or the difference of a dearer package). paid: the whole fee. refund_due: more than the fee is held
 * (a cheaper package chosen after paying): the difference is to be refunded. refunding: everything taken is on
 * its way back. partially_refunded: some went back (or is going back), some is kept. refunded: all went back.
 * kept: the request closed and what was taken stays with the office (the plan's rules), nothing went back.
 */
export const MONEY_STATES = ['unpaid', 'deposit_paid', 'paid', 'refund_due', 'refunding', 'partially_refunded', 'refunded', 'kept'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** One payment as the derivation reads it: only the rows that took money matter (paid, refunding, refunded, kept). */
export type MoneyPayment = {
  part: string;
  status: string;
  amount_minor: number;
  /** What goes (or went) back when less than all of it; null: all of it (but what a package change gave back). */
  refund_amount_minor: number | null;
  refund_reason: string | null;
  /** What cheaper packages chosen after paying give back of it while the request stays open (issue 57, item 6). */
  change_refund_minor?: number;
  /** How much of that the gateway confirmed (the rest is on its way). */
  change_refunded_minor?: number;
};

export type MoneyRequest = {
  status: RequestStatus;
  feeMinor: number | null;
  currency: string | null;
  paymentPlan: PaymentPlan | null;
  /** A dearer package's difference: to be paid by then, or the request goes back to the package paid for (issue 57, item 6). */
  differenceDueAt?: Date | string | null;
};

export type NextDue = { part: PaymentPartName; amount_minor: number; due_at: string | null };

export type RequestMoney = {
  state: MoneyState;
  currency: string;
  fee_minor: number;
  /** Taken for the fee, before refunds. */
  paid_minor: number;
  /** Given back. */
  refunded_minor: number;
  /** On its way back (a refund the gateway has not confirmed, or one owed at the counter). */
  refunding_minor: number;
  /** Still to pay while the request is open; 0 once it is closed. */
  outstanding_minor: number;
  /** Held beyond the fee while the request is open (a cheaper package chosen after paying): to be refunded. */
  refund_due_minor: number;
  /** What is to pay next and by when, while something is owed (null: nothing owed, or no date known). */
  next_due: NextDue | null;
};

/** Statuses in which the fee, or the rest of it, is still owed. */
const OPEN: readonly RequestStatus[] = ['pending_payment', 'submitted', 'under_review', 'changes_requested', 'approved'];
/** Payment statuses that took money: what the money state reads (and the lists select, request-rows.ts). */
export const TOOK_MONEY_STATUSES = ['paid', 'refunding', 'refunded', 'kept'] as const satisfies readonly StoredPaymentStatus[];
const TOOK_MONEY = new Set<string>(TOOK_MONEY_STATUSES);
/** Money that arrived when it was not the fee (a mismatch, or after the request stopped awaiting it): never pays an open request's fee. */
const STRAY = new Set(['not_awaiting_payment', 'amount_mismatch']);

/** What a package change gave back of a payment (or is giving back), and what of that is confirmed. */
const changeBackOf = (payment: MoneyPayment) => payment.change_refund_minor ?? 0;
const changeBackConfirmed = (payment: MoneyPayment) => payment.change_refunded_minor ?? 0;
/** What a refund on closing gives back: the part asked, or all of the payment a package change did not give back already. */
const backOf = (payment: MoneyPayment) => payment.refund_amount_minor ?? payment.amount_minor - changeBackOf(payment);

/**
 * The name of the next difference to pay: one more than the highest difference that took money, so that
 * each package change's payment has a name of its own (and is paid once, as every part).
 */
export function nextDifferencePart(rows: readonly { part: string; status: string }[]): `difference-${number}` {
  const numbers = rows.filter((row) => TOOK_MONEY.has(row.status) && isDifference(row.part)).map((row) => Number(row.part.split('-')[1]));
  return `difference-${Math.max(0, ...numbers) + 1}`;
}

/**
 * The money state of a request from its payments; null while it has no fee (a draft, a reserved request).
 * `payBy`: the pay-by time of a request awaiting payment (the date its first payment is due).
 */
export function moneyOf(request: MoneyRequest, rows: readonly MoneyPayment[], payBy: string | null = null): RequestMoney | null {
  if (request.feeMinor === null || !request.currency || request.status === 'draft' || request.status === 'reserved') return null;
  const open = OPEN.includes(request.status);
  // Stray money never pays the fee of an open request; on a closed one it was taken and given back, and says so.
  const taken = rows.filter((row) => TOOK_MONEY.has(row.status) && !(open && row.refund_reason && STRAY.has(row.refund_reason)));
  const sum = (list: MoneyPayment[], value: (row: MoneyPayment) => number) => list.reduce((total, row) => total + value(row), 0);
  const paid = sum(taken, (row) => row.amount_minor);
  // A package change's refund is counted with the others: gone back once confirmed, on its way before.
  const refunded = sum(taken.filter((row) => row.status === 'refunded'), backOf) + sum(taken, changeBackConfirmed);
  const refunding = sum(taken.filter((row) => row.status === 'refunding'), backOf) + sum(taken, (row) => changeBackOf(row) - changeBackConfirmed(row));
  const held = paid - refunded - refunding;
  const outstanding = open ? Math.max(0, request.feeMinor - held) : 0;
  // More held than the fee of an open request: a cheaper package chosen after paying, its difference to go back.
  const refundDue = open ? Math.max(0, held - request.feeMinor) : 0;

  let state: MoneyState;
  // An open request reads against its fee: money given back for a package change leaves it paid (or owing) for the new one.
  if (open && paid > 0) state = refundDue > 0 ? 'refund_due' : outstanding > 0 ? 'deposit_paid' : 'paid';
  else if (refunded + refunding > 0) state = refunded + refunding < paid ? 'partially_refunded' : refunding > 0 ? 'refunding' : 'refunded';
  else if (paid === 0) state = 'unpaid';
  else state = 'kept';

  return {
    state,
    currency: request.currency,
    fee_minor: request.feeMinor,
    paid_minor: paid,
    refunded_minor: refunded,
    refunding_minor: refunding,
    outstanding_minor: outstanding,
    refund_due_minor: refundDue,
    next_due: outstanding > 0 ? nextDue(request, taken, outstanding, payBy) : null,
  };
}

function nextDue(request: MoneyRequest, taken: MoneyPayment[], outstanding: number, payBy: string | null): NextDue | null {
  if (request.status === 'pending_payment' && taken.length === 0) return { part: 'full', amount_minor: outstanding, due_at: payBy };
  const paidParts = new Set(taken.filter((row) => row.status === 'paid').map((row) => row.part));
  if (request.paymentPlan && paidParts.has('deposit')) {
    const next = planParts(request.feeMinor!, request.paymentPlan).find((part) => part.part !== 'deposit' && !paidParts.has(part.part));
    if (next) return { part: next.part, amount_minor: next.amount_minor, due_at: next.due_at };
  }
  // Owed beyond the plan (a dearer package chosen after paying): the difference, before the request goes back to the office.
  const dueAt = request.differenceDueAt ?? null;
  return { part: nextDifferencePart(taken), amount_minor: outstanding, due_at: typeof dueAt === 'string' || dueAt === null ? dueAt : dueAt.toISOString() };
}

/** Whether anything is still owed for the trip (the approval says "confirmed" only when not). */
export function moneyOwed(money: RequestMoney | null): boolean {
  return money !== null && money.outstanding_minor > 0;
}

type RefundedRow = { status: StoredPaymentStatus; amountMinor: number; refundAmountMinor: number | null; changeRefundMinor?: number; changeRefundedMinor?: number };

/**
 * What one payment gave back: all of it once refunded (or the part a partial refund took), with what a package
 * change gave back of it before (issue 57, item 6); 0 before any refund is confirmed.
 */
export function refundedOf(payment: RefundedRow): number {
  const closing = payment.status === 'refunded' ? (payment.refundAmountMinor ?? payment.amountMinor - (payment.changeRefundMinor ?? 0)) : 0;
  return (payment.changeRefundedMinor ?? 0) + closing;
}

/**
 * A payment's status as answered: a refund of less than all of it reads `partially_refunded` (issue 57, item 4), and
 * so does a payment still paid of which a package change gave some back.
 */
export function paymentViewStatus(payment: RefundedRow): PaymentViewStatus {
  const back = refundedOf(payment);
  if (payment.status === 'refunded' && back < payment.amountMinor) return 'partially_refunded';
  return payment.status === 'paid' && back > 0 ? 'partially_refunded' : payment.status;
}
