import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { refundProposals } from '@/lib/server/db/schema';
import type { StaffMember } from './staff-sessions';

/**
 * Marks an open refund proposal approved by `member`, once: a second approval at the same moment finds no open
 * proposal and gets false. Shared by a cancel's refund (refund-proposals.ts) and a package change's (package-refunds.ts).
 */
export async function approveOnce(tx: Db, proposalId: string, member: StaffMember): Promise<boolean> {
  const [taken] = await tx
    .update(refundProposals)
    .set({ decision: 'approved', decidedBy: member.id, decidedAt: new Date() })
    .where(and(eq(refundProposals.id, proposalId), isNull(refundProposals.decision)))
    .returning({ id: refundProposals.id });
  return Boolean(taken);
}
