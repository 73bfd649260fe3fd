import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { refundProposals, type requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { markChangeRefund, refundDue, voidOpenPayments } from '@/lib/server/payments/payments';
import { requestMoneyOf, requestSummary } from '@/lib/server/requests/request-views';
import { takenPaymentsOf } from '@/lib/server/requests/request-rows';
import { audit } from '@/lib/server/audit/audit';
import type { RequestStatus } from '@/lib/requests/statuses';
import type { Translate } from '@/lib/validation/localize';
import { staffActor } from './office-auth';
import { sentRequest } from './sent-request';
import { approveOnce } from './approve-once';
import type { StaffMember } from './staff-sessions';
import { tellRefundApprovers } from './refund-approvers';
import { wakeMailer } from '@/lib/server/mail/wake';

// A cheaper package chosen after paying (issue 57, item 6; docs/INSTALMENTS.md): the request went back to the office
// with its new, lower fee, and what it holds beyond that fee is to be refunded (money state `refund_due`). Four eyes,
// as every refund (refund-proposals.ts): one finance member (or admin) proposes the difference, or less; another
// approves it, and it goes back while the request stays as it is, never cancelled for it.

type RequestRow = typeof requests.$inferSelect;
type Proposal = typeof refundProposals.$inferSelect;

/** Statuses in which a request still has a fee to hold (lib/payments/money.ts): a package change's refund is made there. */
const OPEN: readonly RequestStatus[] = ['submitted', 'under_review', 'changes_requested', 'approved'];
export const stillOpen = (status: RequestStatus) => OPEN.includes(status);

/** What the request holds beyond its fee now, as its money state says (0 when none). */
async function refundDueOf(tx: Db, row: RequestRow) {
  return requestMoneyOf(row, await takenPaymentsOf(tx, row.id))?.refund_due_minor ?? 0;
}

/**
 * Proposes the refund of a package change's difference: all of it, or `refundMinor` (more: 422). None is due
 * (the request holds no more than its fee): 409. One proposal open at a time (409), and checkouts still open are
 * voided, as for any proposal (issue 57, item 5). Audited.
 */
export async function proposePackageRefund(id: string, member: StaffMember, input: { refund_minor?: number; note?: string }, address: string | null, t: Translate) {
  const db = await getDb();
  const proposed = await db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    const due = stillOpen(row.status) ? await refundDueOf(tx, row) : 0;
    if (due === 0 || !row.currency) throw new ApiError('conflict', { messageKey: 'no_refund_due' });
    const [open] = await tx.select({ id: refundProposals.id }).from(refundProposals).where(and(eq(refundProposals.requestId, id), isNull(refundProposals.decision)));
    if (open) throw new ApiError('conflict', { messageKey: 'refund_already_proposed' });
    const amount = input.refund_minor ?? due;
    if (amount > due) throw new ApiError('validation_failed', { fields: { refund_minor: [t('ApiErrors.refund_more_than_due')] } });
    await tx.insert(refundProposals).values({ requestId: id, amountMinor: amount, currency: row.currency, note: input.note ?? '', proposedBy: member.id, reason: 'package_change' });
    await audit(staffActor(member), { action: 'refund.propose', target: { type: 'request', id }, details: { amount_minor: amount, currency: row.currency, due_minor: due, reason: 'package_change' }, address }, tx);
    await tellRefundApprovers(tx, member, { requestId: id, reference: row.reference, amountMinor: amount, currency: row.currency, reason: 'package_change' });
    return row;
  });
  wakeMailer();
  await voidOpenPayments(id);
  return requestSummary(proposed, await takenPaymentsOf(db, id));
}

/** Whether the proposal outgrew the request: it now holds less beyond its fee than the proposal sends back (the package changed again). */
export async function changeRefundStale(tx: Db, row: RequestRow, proposal: Pick<Proposal, 'amountMinor'>) {
  return (await refundDueOf(tx, row)) < proposal.amountMinor;
}

/**
 * The second member approved (checked by decideRefund, refund-proposals.ts): the decision, its audit row and the
 * refund marked in one transaction, the request as it is; then the gateway gives it back, and the payer is told.
 */
export async function approveChangeRefund(id: string, proposal: Proposal, member: StaffMember, address: string | null) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    const taken = await approveOnce(tx, proposal.id, member);
    if (!taken || !stillOpen(row.status) || (await changeRefundStale(tx, row, proposal))) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    await markChangeRefund(tx, id, proposal.amountMinor);
    await audit(staffActor(member), { action: 'refund.approve', target: { type: 'request', id }, details: { amount_minor: proposal.amountMinor, currency: proposal.currency, proposed_by: proposal.proposedBy, reason: 'package_change' }, address }, tx);
    return row;
  });
  await refundDue(id);
  return requestSummary(row, await takenPaymentsOf(db, id));
}
