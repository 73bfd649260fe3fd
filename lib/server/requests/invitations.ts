import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { invitations } from '@/lib/server/db/schema';
import type { CompanionInvitation } from '@/lib/contract/requests';
import { companionById, companionIndexOf } from './companions';
import type { RequestRow } from './request-rows';

// The applicant's side of families (issue 42, docs/FAMILIES.md): each invitation
// as the applicant (and the office) sees it on the request. Inviting, withdrawing
// and leaving are family-changes.ts's; the companion's side is shared-requests.ts.

/** How long an invitation's link can be used; a new invitation sends a new link. */
export const INVITATION_DAYS = 14;

type InvitationRow = typeof invitations.$inferSelect;

/** An invitation as the applicant sees it; null when its companion has left the answers. */
export function invitationView(row: InvitationRow, data: Record<string, unknown>): CompanionInvitation | null {
  const companion = companionById(data, row.pilgrimId);
  if (!companion) return null;
  // Confirmed only while the answers still read as they did then.
  const confirmed = row.confirmedAnswers !== null && sameAnswers(row.confirmedAnswers, companion.answers);
  return {
    pilgrim: companion.pilgrim,
    pilgrim_id: row.pilgrimId,
    email: row.email,
    state: row.acceptedBy ? 'accepted' : 'invited',
    invited_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    confirmed_at: confirmed ? (row.confirmedAt?.toISOString() ?? null) : null,
    edited_at: row.editedAt?.toISOString() ?? null,
    edited_fields: row.editedFields,
  };
}

/** The same answers, whatever the order of their keys. */
export function sameAnswers(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

/** The live invitations of a request, in the order of its companions. */
export async function liveInvitations(db: Db, row: Pick<RequestRow, 'id' | 'data'>): Promise<CompanionInvitation[]> {
  const rows = await db.select().from(invitations).where(and(eq(invitations.requestId, row.id), isNull(invitations.endedAt))).orderBy(asc(invitations.createdAt));
  return rows
    .map((invitation) => invitationView(invitation, row.data))
    .filter((view): view is CompanionInvitation => view !== null)
    .sort((a, b) => companionIndexOf(a.pilgrim)! - companionIndexOf(b.pilgrim)!);
}
