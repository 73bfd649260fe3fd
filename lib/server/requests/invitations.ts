import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { invitations, requests, requestTypes, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { hashToken, newToken } from '@/lib/server/auth/tokens';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { wakeMailer } from '@/lib/server/mail/wake';
import { isMinorOn } from '@/lib/requests/minor';
import { travelMonthOf } from '@/lib/requests/answers';
import { parseHijri } from '@/lib/validation/hijri';
import { westernDigits } from '@/lib/validation/digits';
import type { Translate } from '@/lib/validation/localize';
import type { AppLocale } from '@/i18n/routing';
import type { CompanionInvitation } from '@/lib/contract/requests';
import { companionById, companionIndexOf, companionsOf } from './companions';
import { ownRequest, type RequestRow } from './request-rows';

// The applicant's side of families (issue 42, docs/FAMILIES.md): invite an adult
// companion by e-mail to their own part of the request, or withdraw the
// invitation. The companion's side is shared-requests.ts.

/** How long an invitation's link can be used; a new invitation sends a new link. */
export const INVITATION_DAYS = 14;

/** A request that is over has nothing left to check or confirm. */
const CLOSED = new Set<RequestRow['status']>(['cancelled', 'rejected', 'expired']);

type InvitationRow = typeof invitations.$inferSelect;

/** An invitation as the applicant sees it; null when its companion has left the answers. */
export function invitationView(row: InvitationRow, data: Record<string, unknown>): CompanionInvitation | null {
  const companion = companionById(data, row.pilgrimId);
  if (!companion) return null;
  // Confirmed only while the answers still read as they did then.
  const confirmed = row.confirmedAnswers !== null && sameAnswers(row.confirmedAnswers, companion.answers);
  return {
    pilgrim: companion.pilgrim,
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

/** The companion named `pilgrim` (companion-<n>) on the applicant's own request, given a stable id when it has none yet. */
async function companionToInvite(tx: Db, row: RequestRow, pilgrim: string) {
  const index = companionIndexOf(pilgrim);
  const companions = companionsOf(row.data);
  if (index === null || index >= companions.length) throw new ApiError('not_found', { messageKey: 'unknown_pilgrim' });
  const answers = companions[index]!;
  if (typeof answers.pilgrim_id === 'string' && answers.pilgrim_id) return { pilgrimId: answers.pilgrim_id, answers };
  // Answers saved before companions had ids (or by another client): the id is given here, once.
  const pilgrimId = randomUUID();
  const list = Array.isArray(row.data.companions) ? [...row.data.companions] : [];
  list[index] = { ...answers, pilgrim_id: pilgrimId };
  await tx.update(requests).set({ data: { ...row.data, companions: list }, version: sql`${requests.version} + 1`, updatedAt: new Date() }).where(eq(requests.id, row.id));
  return { pilgrimId, answers };
}

/**
 * POST /requests/{id}/pilgrims/{pilgrim}/invitation: an adult companion of the
 * applicant's request is sent, at `email`, a link to their own part. A new
 * invitation for the same companion replaces the one before (its link stops
 * working). Children are never invited: a companion under 18 on the travel month,
 * or whose date of birth is not given yet, is refused (422 on `email`).
 */
export async function inviteCompanion(userId: string, requestId: string, pilgrim: string, email: string, reader: { locale: AppLocale; t: Translate }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, requestId, true);
    if (CLOSED.has(row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    const { pilgrimId, answers } = await companionToInvite(tx, row, pilgrim);
    const birth = typeof answers.date_of_birth === 'string' ? parseHijri(westernDigits(answers.date_of_birth.trim())) : null;
    if (!birth) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_needs_birth')] } });
    if (isMinorOn(answers.date_of_birth, travelMonthOf(row.data))) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_child')] } });
    const [applicant] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    if (applicant && applicant.email.toLowerCase() === address) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_own_address')] } });

    await tx.update(invitations).set({ endedAt: new Date(), endedReason: 'withdrawn' }).where(and(eq(invitations.requestId, requestId), eq(invitations.pilgrimId, pilgrimId), isNull(invitations.endedAt)));
    const token = newToken();
    const [created] = await tx
      .insert(invitations)
      .values({ requestId, pilgrimId, email: address, tokenHash: hashToken(token), locale: reader.locale, invitedBy: userId, expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) })
      .returning();
    const [type] = await tx.select({ en: requestTypes.nameEn, ar: requestTypes.nameAr }).from(requestTypes).where(eq(requestTypes.id, row.typeId)).limit(1);
    const service = type ? type[reader.locale] : row.typeId;
    await enqueueMail(tx, {
      kind: 'companion_invite',
      userId: null,
      to: address,
      params: { locale: reader.locale, token, email: address, organiser: applicant?.name ?? '', service, reference: row.reference ?? '', days: String(INVITATION_DAYS) },
    });
    const [fresh] = await tx.select({ id: requests.id, data: requests.data }).from(requests).where(eq(requests.id, requestId));
    return invitationView(created!, fresh!.data)!;
  });
  wakeMailer();
  return result;
}

/** DELETE /requests/{id}/pilgrims/{pilgrim}/invitation: the link stops working and, if accepted, the companion sees the request no more. */
export async function withdrawInvitation(userId: string, requestId: string, pilgrim: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, requestId, true);
    const index = companionIndexOf(pilgrim);
    const pilgrimId = index === null ? undefined : companionsOf(row.data)[index]?.pilgrim_id;
    if (typeof pilgrimId !== 'string') throw new ApiError('not_found');
    const ended = await tx
      .update(invitations)
      .set({ endedAt: new Date(), endedReason: 'withdrawn' })
      .where(and(eq(invitations.requestId, requestId), eq(invitations.pilgrimId, pilgrimId), isNull(invitations.endedAt)))
      .returning({ id: invitations.id });
    if (ended.length === 0) throw new ApiError('not_found');
  });
}
