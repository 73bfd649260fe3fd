import 'server-only';
import { and, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { staff } from '@/lib/server/db/schema';
import { OFFICE_PERMISSIONS } from '@/lib/office/roles';
import { queueStaffMail } from './staff-mail';
import type { StaffMember } from './staff-sessions';

// Four eyes that a second person notices (issue 63, item 4): a refund proposed waits for another member, so those
// who may approve it are told by e-mail, in their own language, at once. The proposer's line of invitations is
// told too (they cannot approve, and approval says so); the proposer is not.

/**
 * Queues "a refund awaits your approval" to every active finance member and admin but the proposer, in the
 * proposal's transaction (call wakeMailer() after the commit). Amounts and the reference only: no payer's details.
 */
export async function tellRefundApprovers(tx: Db, proposer: StaffMember, proposal: { requestId: string; reference: string | null; amountMinor: number; currency: string; reason: 'cancel' | 'package_change' }) {
  const approvers = await tx
    .select({ id: staff.id, email: staff.email, name: staff.name, locale: staff.locale })
    .from(staff)
    .where(and(inArray(staff.role, [...OFFICE_PERMISSIONS.payments]), isNull(staff.disabledAt), ne(staff.id, proposer.id)));
  for (const member of approvers) {
    await queueStaffMail(tx, member, 'staff_refund_proposed', {
      request_id: proposal.requestId,
      reference: proposal.reference ?? '',
      amount_minor: String(proposal.amountMinor),
      currency: proposal.currency,
      reason: proposal.reason,
      proposer: proposer.name,
    });
  }
}
