import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, invitations, requests, requestTypes, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { hashToken, newToken } from '@/lib/server/auth/tokens';
import { describeError, logger } from '@/lib/server/log/logger';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { wakeMailer } from '@/lib/server/mail/wake';
import { voidOpenPayments } from '@/lib/server/payments/payments';
import { isMinorOn } from '@/lib/requests/minor';
import { travelMonthOf } from '@/lib/requests/answers';
import { parseHijri } from '@/lib/validation/hijri';
import { westernDigits } from '@/lib/validation/digits';
import type { Translate } from '@/lib/validation/localize';
import type { AppLocale } from '@/i18n/routing';
import { APPLICANT, companionIndexOf, companionsOf, pilgrimIdOf, pilgrimKeyOf, removedCompanions, without } from './companions';
import { INVITATION_DAYS, invitationView } from './invitations';
import { deleteStoredFiles } from './request-files';
import { ownRequest, type RequestRow } from './request-rows';
import { companionAccess } from './shared-requests';

// Who joins a request's family and who leaves it (issue 42; issue 57, items 1 and 7; docs/FAMILIES.md): the
// applicant invites a companion or withdraws the invitation, the companion leaves, the applicant removes a
// companion from the answers. Whoever is no longer on the request keeps nothing there: their invitation ends,
// and any checkout they opened on it is voided, so the applicant is not kept waiting by it and they cannot
// finish paying for a request they are not on. A companion removed from the answers also loses their
// documents (rows and stored files) and the office's flags on them.

/** What is left to do once the transaction that took someone off a request has committed. */
export type Leftovers = { requestId: string; files: string[]; payers: string[] };

/** Ends the live invitations `where` says, in the caller's transaction: the accounts that had taken them up. */
async function endInvitations(tx: Db, where: SQL | undefined, reason: 'withdrawn' | 'left'): Promise<string[]> {
  const ended = await tx
    .update(invitations)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(where, isNull(invitations.endedAt)))
    .returning({ acceptedBy: invitations.acceptedBy });
  return ended.flatMap((row) => (row.acceptedBy ? [row.acceptedBy] : []));
}

/**
 * In the transaction that saves `next` as the request's answers (ids already given, companions.ts
 * withPilgrimIds): each companion no longer in the list, by id, is forgotten. Their documents' rows are
 * deleted, their invitation withdrawn, and their flags and flag notes dropped from the columns returned for
 * the caller's update. A reorder forgets no one.
 */
export async function forgetRemovedCompanions(tx: Db, row: RequestRow, next: Record<string, unknown>) {
  const gone = removedCompanions(row.data, next);
  if (gone.length === 0) return { changes: {}, leftovers: null };
  const deleted = await tx
    .delete(documents)
    .where(and(eq(documents.requestId, row.id), inArray(documents.pilgrim, gone)))
    .returning({ storageKey: documents.storageKey });
  const payers = await endInvitations(tx, and(eq(invitations.requestId, row.id), inArray(invitations.pilgrimId, gone)), 'withdrawn');
  return {
    changes: { flagged: without(row.flagged, gone), flagNotes: without(row.flagNotes, gone) },
    leftovers: { requestId: row.id, files: deleted.map((doc) => doc.storageKey), payers } satisfies Leftovers,
  };
}

/**
 * After the commit: the forgotten documents' files deleted from storage (a failure is logged: the rows are
 * gone, so nothing can serve them), and each account no longer on the request has its open checkouts voided.
 */
export async function settleLeftovers(leftovers: Leftovers | null) {
  if (!leftovers) return;
  await deleteStoredFiles(leftovers.files).catch((error: unknown) =>
    logger.error('files of a removed companion not deleted', { request: leftovers.requestId, count: leftovers.files.length, error: describeError(error) }),
  );
  await voidCheckoutsOfFormer(leftovers.requestId, leftovers.payers);
}

/**
 * Voids the open checkouts (initiated, pending) these accounts started on the request, unless they are still
 * on it through another invitation (two companions invited at one address). Money that reaches a voided
 * checkout is refunded (payments.ts settle).
 */
async function voidCheckoutsOfFormer(requestId: string, userIds: string[]) {
  const db = await getDb();
  for (const userId of new Set(userIds)) {
    const stillOn = await companionAccess(db, userId, requestId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiError) return false;
        throw error;
      },
    );
    if (!stillOn) await voidOpenPayments(requestId, userId);
  }
}

/** A request that is over has nothing left to check or confirm. */
const CLOSED = new Set<RequestRow['status']>(['cancelled', 'rejected', 'expired']);

/** The companion a call names (companion-<n>, or their id) on the applicant's own request, given an id when it has none yet. */
async function companionToInvite(tx: Db, row: RequestRow, pilgrim: string) {
  const companions = companionsOf(row.data);
  const key = pilgrimKeyOf(row.data, pilgrim);
  // A label names whoever is at that place, with or without an id; an id, that companion wherever they are.
  const index = key && key !== APPLICANT ? companions.findIndex((companion) => pilgrimIdOf(companion.pilgrim_id) === key) : (companionIndexOf(pilgrim) ?? -1);
  if (index < 0 || index >= companions.length) throw new ApiError('not_found', { messageKey: 'unknown_pilgrim' });
  const answers = companions[index]!;
  if (key) return { pilgrimId: key, answers };
  // Answers saved before companions had ids (every save gives one now): the id is given here, once.
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
 * working; whoever had taken it up is on the request no more). Children are never
 * invited: a companion under 18 on the travel month, or whose date of birth is not
 * given yet, is refused (422 on `email`).
 */
export async function inviteCompanion(userId: string, requestId: string, pilgrim: string, email: string, reader: { locale: AppLocale; t: Translate }) {
  const db = await getDb();
  const address = email.trim().toLowerCase();
  const { view, replaced } = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, requestId, true);
    if (CLOSED.has(row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    const { pilgrimId, answers } = await companionToInvite(tx, row, pilgrim);
    const birth = typeof answers.date_of_birth === 'string' ? parseHijri(westernDigits(answers.date_of_birth.trim())) : null;
    if (!birth) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_needs_birth')] } });
    if (isMinorOn(answers.date_of_birth, travelMonthOf(row.data))) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_child')] } });
    const [applicant] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    if (applicant && applicant.email.toLowerCase() === address) throw new ApiError('validation_failed', { fields: { email: [reader.t('ApiErrors.invite_own_address')] } });

    const replaced = await endInvitations(tx, and(eq(invitations.requestId, requestId), eq(invitations.pilgrimId, pilgrimId)), 'withdrawn');
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
    return { view: invitationView(created!, fresh!.data)!, replaced };
  });
  wakeMailer();
  await voidCheckoutsOfFormer(requestId, replaced);
  return view;
}

/**
 * DELETE /requests/{id}/pilgrims/{pilgrim}/invitation: the link stops working and, if accepted, the companion
 * sees the request no more; a checkout they had open on it is voided (issue 57, item 7).
 */
export async function withdrawInvitation(userId: string, requestId: string, pilgrim: string) {
  const db = await getDb();
  const payers = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, requestId, true);
    const key = pilgrimKeyOf(row.data, pilgrim);
    if (!key || key === APPLICANT) throw new ApiError('not_found');
    const ended = await tx
      .update(invitations)
      .set({ endedAt: new Date(), endedReason: 'withdrawn' })
      .where(and(eq(invitations.requestId, requestId), eq(invitations.pilgrimId, key), isNull(invitations.endedAt)))
      .returning({ acceptedBy: invitations.acceptedBy });
    if (ended.length === 0) throw new ApiError('not_found');
    return ended.flatMap((row) => (row.acceptedBy ? [row.acceptedBy] : []));
  });
  await voidCheckoutsOfFormer(requestId, payers);
}

/** DELETE /me/shared-requests/{id}: the companion leaves (a checkout they had open on it is voided); the applicant can invite them again. */
export async function leaveSharedRequest(userId: string, requestId: string) {
  const db = await getDb();
  const ended = await endInvitations(db, and(eq(invitations.requestId, requestId), eq(invitations.acceptedBy, userId)), 'left');
  if (ended.length === 0) throw new ApiError('not_found');
  await voidCheckoutsOfFormer(requestId, ended);
}
