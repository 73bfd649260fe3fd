import 'server-only';
import type { documents, payments, requestHistory } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { REQUEST_STEPS } from '@/lib/requests/steps';
import type { CompanionInvitation, RequestDetails, RequestDocument, RequestHistoryEntry, RequestPayment, RequestSummary } from '@/lib/contract/requests';
import type { RequestRow, SummaryRow } from './request-rows';
import type { PaymentPlan } from '@/lib/payments/payment-plan';
import { moneyOf, paymentViewStatus, refundedOf, type MoneyPayment } from '@/lib/payments/money';
import type { RequestMoney } from '@/lib/contract/requests';
import { moneyPayment, paymentPlanView } from '@/lib/server/payments/payment-parts';
import { APPLICANT, byLabel, pilgrimLabelOf } from './companions';

// A request as the API answers it (lib/contract/requests.ts): to its owner (a
// summary in lists, the whole request on its page) and, with what the console
// adds, to the office. The text columns of statuses, steps, kinds and actors are
// typed in the schema (schema.ts `$type`), so rows reach the answer as they are.

type DocumentRow = typeof documents.$inferSelect;
type HistoryRow = typeof requestHistory.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A timestamp as the API writes it: from a Date (a column), or as the ISO text a summary already holds. */
function iso(date: Date | string): string;
function iso(date: Date | string | null): string | null;
function iso(date: Date | string | null) {
  return date === null || typeof date === 'string' ? date : date.toISOString();
}

function applicantName(data: SummaryRow['data']): string | null {
  const applicant = data.applicant as { name_latin?: unknown; name_ar?: unknown } | undefined;
  const name = applicant?.name_latin || applicant?.name_ar;
  return typeof name === 'string' && name ? name : null;
}

/**
 * A document as the API answers it: whose it is by the label of the answers `data` (companion-<n>, their place
 * now) and by their id; null when its pilgrim is no longer on the request (companions.ts), so it is never listed.
 */
export function publicDocument(doc: DocumentRow, data: Record<string, unknown>): RequestDocument | null {
  const pilgrim = pilgrimLabelOf(data, doc.pilgrim);
  if (!pilgrim) return null;
  const pilgrimId = doc.pilgrim === APPLICANT ? null : doc.pilgrim;
  return { id: doc.id, pilgrim, pilgrim_id: pilgrimId, kind: doc.kind, file_name: doc.fileName, mime: doc.mime, size: doc.size, created_at: iso(doc.createdAt) };
}

/** The documents of pilgrims on the request, as the API answers them. */
export function publicDocuments(docs: DocumentRow[], data: Record<string, unknown>): RequestDocument[] {
  return docs.flatMap((doc) => publicDocument(doc, data) ?? []);
}

export { moneyPayment } from '@/lib/server/payments/payment-parts';

/** The request's money (lib/payments/money.ts), the one every answer carries: from the payments that took money. */
export function requestMoneyOf(row: SummaryRow, taken: readonly MoneyPayment[]): RequestMoney {
  return moneyOf(row, taken, payBy(row));
}

/** A request as its owner sees it in a list; `reservePosition`: its place on the reserve list (reserve-position.ts). */
export function requestSummary(row: SummaryRow, taken: readonly MoneyPayment[], reservePosition: number | null = null): RequestSummary {
  return {
    money: requestMoneyOf(row, taken),
    id: row.id,
    reference: row.reference,
    type: row.typeId as RequestSummary['type'],
    status: row.status,
    step: row.step,
    completed_steps: row.completedSteps,
    steps_total: REQUEST_STEPS.length,
    pilgrims: row.pilgrims,
    applicant_name: applicantName(row.data),
    fee_minor: row.feeMinor,
    // How many pilgrims the fee covers (fixed at the first submit); null before it.
    fee_pilgrims: row.feePilgrims,
    currency: row.currency,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    submitted_at: iso(row.submittedAt),
    pay_by: payBy(row),
    // 1 is next when places come back; null unless reserved.
    reserve_position: row.status === 'reserved' ? reservePosition : null,
  };
}

/** By when a request awaiting payment must be paid (then it expires); null in every other state. */
function payBy(row: SummaryRow): string | null {
  if (row.status !== 'pending_payment' || !row.submittedAt) return null;
  const submitted = typeof row.submittedAt === 'string' ? Date.parse(row.submittedAt) : row.submittedAt.getTime();
  return new Date(submitted + env().PAYMENT_DEADLINE_HOURS * 3_600_000).toISOString();
}


/** The whole request: answers, documents and the status timeline. */
export function requestDetails(
  row: RequestRow,
  docs: DocumentRow[],
  history: HistoryRow[],
  paid: PaymentRow[] = [],
  reservePosition: number | null = null,
  invitations: CompanionInvitation[] = [],
  // The service's plan (offered while nothing is paid) and the names of the accounts that paid (receipts name the payer).
  money: { servicePlan: PaymentPlan | null; payers: Map<string, string>; feePackage?: string | null; paidFor?: { package: string; fee_minor: number } | null } = { servicePlan: null, payers: new Map() },
): RequestDetails {
  const summary = requestSummary(row, paid.map(moneyPayment), reservePosition);
  return {
    ...summary,
    payments: paid.map((p): RequestPayment => ({
      id: p.id,
      part: p.part,
      paid_by: money.payers.get(p.userId) ?? null,
      status: paymentViewStatus(p),
      amount_minor: p.amountMinor,
      refunded_minor: refundedOf(p),
      currency: p.currency,
      failure_reason: p.failureReason,
      card_last4: p.cardLast4,
      provider: p.provider,
      receipt_number: p.receiptNumber,
      created_at: iso(p.createdAt),
      paid_at: iso(p.paidAt),
      refunded_at: iso(p.refundedAt),
      refund_reason: p.refundReason,
    })),
    data: row.data,
    // While changes are requested: what the office asked to change, per pilgrim (answer fields and documents).
    // Kept by pilgrim id, answered by label (companions.ts).
    flagged: row.status === 'changes_requested' ? byLabel(row.data, row.flagged ?? {}) : null,
    flag_notes: row.status === 'changes_requested' ? byLabel(row.data, row.flagNotes ?? {}) : null,
    changes_due_at: row.status === 'changes_requested' ? iso(row.changesDueAt) : null,
    documents: publicDocuments(docs, row.data),
    history: history.map(
      (h): RequestHistoryEntry => ({ from: h.fromStatus, to: h.toStatus, actor: h.actor, note: h.note, at: iso(h.createdAt) }),
    ),
    invitations,
    payment_plan: paymentPlanView(row, money.servicePlan, paid, money.payers, summary.money?.outstanding_minor ?? 0),
    fee_package: money.feePackage ?? null,
    package_paid_for: row.status === 'changes_requested' ? (money.paidFor ?? null) : null,
  };
}
