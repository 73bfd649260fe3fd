import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { payments, refundProposals, staff } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { moveByOffice } from '@/lib/server/requests/office-moves';
import { voidOpenPayments } from '@/lib/server/payments/payments';
import { requestSummary } from '@/lib/server/requests/request-views';
import { takenPaymentsOf } from '@/lib/server/requests/request-rows';
import { audit } from '@/lib/server/audit/audit';
import { TRANSITIONS } from '@/lib/requests/statuses';
import type { Translate } from '@/lib/validation/localize';
import type { RefundDecision, RefundProposal } from '@/lib/contract/office';
import { staffActor } from './office-auth';
import { approveChangeRefund, changeRefundStale, stillOpen } from './package-refunds';
import { approveOnce } from './approve-once';
import { sentRequest } from './sent-request';
import { tellRefundApprovers } from './refund-approvers';
import { wakeMailer } from '@/lib/server/mail/wake';
import type { StaffMember } from './staff-sessions';

// Four eyes on money (issue 41, item 5; DESIGN section 9). Cancelling a paid
// request in the console sends money back, so one finance member (or admin)
// proposes it and another approves it. Until then the request stays as it was
// and the pilgrim is told nothing; the approval makes the cancel move, with
// its notice and its refund (all of what was paid, or the part proposed).
// The database refuses a decision by the proposer too (refund_proposals_four_eyes).
//
// A second signature is a second person (issue 58, item 3): an admin who
// invites a member never sees their set-password link (it goes to them alone,
// by e-mail), and no member of the proposer's line of invitations may approve
// the proposal: neither someone the proposer invited (through any number of
// invitations) nor someone who invited the proposer. An admin who invites an
// address of their own still cannot approve their own refund with it.

/**
 * Whether one member invited the other, directly or through a chain of
 * invitations (staff.invited_by, set when an admin invites from the console).
 */
async function sameLineOfInvitations(db: Db, first: string, second: string): Promise<boolean> {
  const result = (await db.execute(sql`
    with recursive line(start, ancestor) as (
      select id, invited_by from staff where id in (${first}, ${second}) and invited_by is not null
      union
      select line.start, staff.invited_by from line join staff on staff.id = line.ancestor where staff.invited_by is not null
    )
    select exists (
      select 1 from line where (start = ${first} and ancestor = ${second}) or (start = ${second} and ancestor = ${first})
    ) as related`)) as unknown as { rows: { related: boolean }[] };
  return result.rows[0]?.related === true;
}

/** The open proposal of a request, with its proposer's name; null when none. */
export async function openRefundProposal(requestId: string): Promise<RefundProposal | null> {
  const db = await getDb();
  const [row] = await db
    .select({ proposal: refundProposals, name: staff.name })
    .from(refundProposals)
    .innerJoin(staff, eq(staff.id, refundProposals.proposedBy))
    .where(and(eq(refundProposals.requestId, requestId), isNull(refundProposals.decision)));
  if (!row) return null;
  const { proposal } = row;
  return { id: proposal.id, reason: proposal.reason, amount_minor: proposal.amountMinor, currency: proposal.currency, note: proposal.note, proposed_by: { id: proposal.proposedBy, name: row.name }, proposed_at: proposal.proposedAt.toISOString() };
}

/**
 * The cancel move asked in the console: when money was paid, a proposal
 * instead of the move (null when nothing was paid: a plain cancel, nothing
 * goes back). At most one proposal open per request (409); the amount is all
 * that was paid, or `refundMinor` when less goes back (more: 422).
 */
export async function proposeRefund(id: string, member: StaffMember, note: string, refundMinor: number | undefined, address: string | null, t: Translate) {
  const db = await getDb();
  const proposed = await db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    // Everything paid: a request paid in parts (docs/INSTALMENTS.md) has a payment per part; what a package change
    // gave back (or is giving back) of one is not paid any more (issue 57, item 6).
    const paidRows = await tx.select().from(payments).where(and(eq(payments.requestId, id), eq(payments.status, 'paid')));
    if (paidRows.length === 0) return null;
    const paid = { amountMinor: heldBy(paidRows), currency: paidRows[0]!.currency };
    if (!TRANSITIONS[row.status].office.includes('cancelled')) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    const [open] = await tx.select({ id: refundProposals.id }).from(refundProposals).where(and(eq(refundProposals.requestId, id), isNull(refundProposals.decision)));
    if (open) throw new ApiError('conflict', { messageKey: 'refund_already_proposed' });
    const amount = refundMinor ?? paid.amountMinor;
    if (amount > paid.amountMinor) throw new ApiError('validation_failed', { fields: { refund_minor: [t('ApiErrors.refund_more_than_paid')] } });
    await tx.insert(refundProposals).values({ requestId: id, amountMinor: amount, currency: paid.currency, note, proposedBy: member.id, reason: 'cancel' });
    await audit(staffActor(member), { action: 'refund.propose', target: { type: 'request', id }, details: { amount_minor: amount, currency: paid.currency, paid_minor: paid.amountMinor, reason: 'cancel' }, address }, tx);
    await tellRefundApprovers(tx, member, { requestId: id, reference: row.reference, amountMinor: amount, currency: paid.currency, reason: 'cancel' });
    return row;
  });
  if (!proposed) return null;
  wakeMailer();
  // A checkout still open on the request is voided (issue 57, item 5): money paid after the proposal would make it
  // stale. New checkouts are refused while the proposal is open (refund_under_way, payments.ts).
  await voidOpenPayments(id);
  return requestSummary(proposed, await takenPaymentsOf(db, id));
}

/** What paid payments still hold: their amounts, less what a package change gave back (or is giving back) of them. */
export function heldBy(rows: { status: string; amountMinor: number; changeRefundMinor: number }[]) {
  return rows.filter((payment) => payment.status === 'paid').reduce((sum, payment) => sum + payment.amountMinor - payment.changeRefundMinor, 0);
}

/**
 * Whether what was paid changed since the proposal: a payment taken (or given back) after it, or less paid now
 * than the proposal sends back. The approval is then refused, so that the proposer proposes again on what is paid.
 */
async function paidSince(tx: Db, requestId: string, proposal: { amountMinor: number; proposedAt: Date }) {
  const rows = await tx.select().from(payments).where(eq(payments.requestId, requestId));
  const paidNow = heldBy(rows);
  const after = (date: Date | null) => date !== null && date.getTime() > proposal.proposedAt.getTime();
  return paidNow < proposal.amountMinor || rows.some((payment) => (payment.status === 'paid' && after(payment.paidAt)) || after(payment.refundedAt));
}

/**
 * Another member decides the open proposal. Approve: the request is cancelled
 * (its notice, its places given back) and the amount proposed goes back, in
 * one transaction with the decision. Refuse: the request stays as it was, the
 * pilgrim is told nothing. A request closed meanwhile by another path (the
 * pilgrim cancelled it: refunded then) drops the proposal: nothing goes back twice.
 */
export async function decideRefund(id: string, member: StaffMember, decision: 'approve' | 'refuse', address: string | null): Promise<RefundDecision> {
  const db = await getDb();
  // Who may decide, and whether the request can still be cancelled, in a transaction of its own: a proposal
  // the request outgrew is dropped (and says so) even though the approval then fails.
  const check = await db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    const [proposal] = await tx.select().from(refundProposals).where(and(eq(refundProposals.requestId, id), isNull(refundProposals.decision))).for('update');
    if (!proposal) throw new ApiError('not_found', { messageKey: 'no_refund_proposed' });
    if (proposal.proposedBy === member.id) throw new ApiError('forbidden', { messageKey: 'refund_own_proposal' });
    if (decision === 'approve' && (await sameLineOfInvitations(tx, proposal.proposedBy, member.id))) throw new ApiError('forbidden', { messageKey: 'refund_invited_line' });
    // A package change's refund is made on an open request, a cancel's on one the office can still cancel.
    const package_ = proposal.reason === 'package_change';
    const possible = package_ ? stillOpen(row.status) : TRANSITIONS[row.status].office.includes('cancelled');
    // What was paid changed since the proposal (a checkout finished meanwhile; less held beyond the fee now): dropped, to be proposed again.
    const stale = decision === 'approve' && possible && (package_ ? await changeRefundStale(tx, row, proposal) : await paidSince(tx, id, proposal));
    if (decision === 'refuse' || stale || !possible) {
      await tx.update(refundProposals).set({ decision: 'refused', decidedBy: member.id, decidedAt: new Date() }).where(eq(refundProposals.id, proposal.id));
      await audit(staffActor(member), { action: 'refund.refuse', target: { type: 'request', id }, details: { amount_minor: proposal.amountMinor, currency: proposal.currency, reason: proposal.reason, dropped: decision === 'approve', ...(stale ? { paid_changed: true } : {}) }, address }, tx);
      return { proposal, refused: true, row, stale };
    }
    return { proposal, refused: false, row, stale: false };
  });
  if (check.refused) {
    if (check.stale) throw new ApiError('conflict', { messageKey: 'refund_paid_changed' });
    if (decision === 'approve') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    return { decision: 'refused', request: requestSummary(check.row, await takenPaymentsOf(db, id)) };
  }
  const proposal = check.proposal;
  // The difference of a cheaper package goes back, and the request stays as it is (package-refunds.ts).
  if (proposal.reason === 'package_change') return { decision: 'approved', request: await approveChangeRefund(id, proposal, member, address) };
  const request = await moveByOffice(
    async (tx) => {
      const row = await sentRequest(tx, id, true);
      if (!(await approveOnce(tx, proposal.id, member))) throw new ApiError('conflict', { messageKey: 'wrong_state' });
      await audit(staffActor(member), { action: 'refund.approve', target: { type: 'request', id }, details: { amount_minor: proposal.amountMinor, currency: proposal.currency, proposed_by: proposal.proposedBy, reason: proposal.reason }, address }, tx);
      return row;
    },
    { status: 'cancelled', note: proposal.note, actor: staffActor(member), address, staffId: member.id, refundMinor: proposal.amountMinor },
  );
  return { decision: 'approved', request };
}
