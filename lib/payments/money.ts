import { planParts, type PaymentPartName, type PaymentPlan } from './payment-plan';
import type { RequestStatus } from '@/lib/requests/statuses';
import type { PaymentViewStatus, StoredPaymentStatus } from '@/lib/contract/payments';

// A request's money, derived in one place (issue 57, item 2; DESIGN section 10; docs/INSTALMENTS.md, "Money
// states"). Every page, list, notice, e-mail, receipt and CSV reads what this returns; none sums payments itself.
// Pure and free of the server, so that the same rule is unit-tested and the contract's type names it.

/**
 * unpaid: nothing taken for the fee. deposit_paid: something taken, something still owed (a deposit, maybe
 * instalments, or the difference of a dearer package). paid: the whole fee. refunding: everything taken is on
 * its way back. partially_refunded: some went back (or is going back), some is kept. refunded: all went back.
 * kept: the request closed and what was taken stays with the office (the plan's rules), nothing went back.
 */
export const MONEY_STATES = ['unpaid', 'deposit_paid', 'paid', 'refunding', 'partially_refunded', 'refunded', 'kept'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** One payment as the derivation reads it: only the rows that took money matter (paid, refunding, refunded, kept). */
export type MoneyPayment = {
  part: string;
  status: string;
  amount_minor: number;
  /** What goes (or went) back when less than all of it; null: all of it. */
  refund_amount_minor: number | null;
  refund_reason: string | null;
};

export type MoneyRequest = {
  status: RequestStatus;
  feeMinor: number | null;
  currency: string | null;
  paymentPlan: PaymentPlan | null;
};

export type NextDue = { part: PaymentPartName | 'difference'; amount_minor: number; due_at: string | null };

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

const backOf = (payment: MoneyPayment) => payment.refund_amount_minor ?? payment.amount_minor;

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
  const refunded = sum(taken.filter((row) => row.status === 'refunded'), backOf);
  const refunding = sum(taken.filter((row) => row.status === 'refunding'), backOf);
  const outstanding = open ? Math.max(0, request.feeMinor - (paid - refunded - refunding)) : 0;

  let state: MoneyState;
  if (refunded + refunding > 0) state = refunded + refunding < paid ? 'partially_refunded' : refunding > 0 ? 'refunding' : 'refunded';
  else if (paid === 0) state = 'unpaid';
  else if (!open) state = 'kept';
  else state = outstanding > 0 ? 'deposit_paid' : 'paid';

  return {
    state,
    currency: request.currency,
    fee_minor: request.feeMinor,
    paid_minor: paid,
    refunded_minor: refunded,
    refunding_minor: refunding,
    outstanding_minor: outstanding,
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
  return { part: 'difference', amount_minor: outstanding, due_at: null };
}

/** Whether anything is still owed for the trip (the approval says "confirmed" only when not). */
export function moneyOwed(money: RequestMoney | null): boolean {
  return money !== null && money.outstanding_minor > 0;
}

type RefundedRow = { status: StoredPaymentStatus; amountMinor: number; refundAmountMinor: number | null };

/** What one payment gave back: all of it once refunded (or the part a partial refund took); 0 before. */
export function refundedOf(payment: RefundedRow): number {
  return payment.status === 'refunded' ? (payment.refundAmountMinor ?? payment.amountMinor) : 0;
}

/** A payment's status as answered: a refund of less than all of it reads `partially_refunded` (issue 57, item 4). */
export function paymentViewStatus(payment: RefundedRow): PaymentViewStatus {
  return payment.status === 'refunded' && refundedOf(payment) < payment.amountMinor ? 'partially_refunded' : payment.status;
}
