import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, invitations, payments, requests, users } from '@/lib/server/db/schema';
import { paymentPlanView, planContext } from '@/lib/server/payments/payment-parts';
import { ApiError } from '@/lib/server/http/errors';
import { hashToken } from '@/lib/server/auth/tokens';
import { companionSchemaFor, normalisedAnswers, travelMonthOf } from '@/lib/requests/answers';
import { EDITABLE_STATUSES } from '@/lib/requests/statuses';
import type { SharedRequest, SharedRequestSummary } from '@/lib/contract/families';
import { companionById } from './companions';
import { sameAnswers } from './invitations';
import { takenPayments, type RequestRow } from './request-rows';
import type { MoneyPayment } from '@/lib/payments/money';
import { publicDocuments, requestSummary } from './request-views';

// The companion's side of families (issue 42, docs/FAMILIES.md): accept an
// invitation, see the requests one is on, read and correct one's own part,
// confirm it, leave. A companion reads the request's state and their own
// answers and documents, never another pilgrim's.

type InvitationRow = typeof invitations.$inferSelect;

/** The answers a companion may give about themselves; the relation is the applicant's, the id the portal's. */
const OWN_FIELDS = ['name_ar', 'name_latin', 'gender', 'date_of_birth', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email'] as const;

/**
 * POST /invitations/accept: the signed-in account takes up the invitation whose
 * link it followed, if the link is live and was sent to this account's address
 * (any other address: 403, nothing changes). Taking it up again is harmless.
 */
export async function acceptInvitation(userId: string, token: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ invitation: invitations, status: requests.status, ownerId: requests.userId })
      .from(invitations)
      .innerJoin(requests, eq(requests.id, invitations.requestId))
      .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.endedAt)))
      .for('update', { of: invitations })
      .limit(1);
    const invitation = found?.invitation;
    if (!found || !invitation || (invitation.acceptedBy !== null && invitation.acceptedBy !== userId) || (invitation.acceptedBy === null && invitation.expiresAt <= new Date())) {
      throw new ApiError('not_found', { messageKey: 'invitation_invalid' });
    }
    if (found.ownerId === userId) throw new ApiError('conflict', { messageKey: 'invitation_own_request' });
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.email.toLowerCase() !== invitation.email) throw new ApiError('forbidden', { messageKey: 'invitation_other_address' });
    if (invitation.acceptedBy === null) await tx.update(invitations).set({ acceptedBy: userId, acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
    return { request_id: invitation.requestId, status: found.status };
  });
}

type Access = { row: RequestRow; invitation: InvitationRow; pilgrim: string; index: number; answers: Record<string, unknown>; organiser: string; taken: MoneyPayment[] | null };

/** The live invitations taken up by `userId` (to one request, if named), each with its request, the organiser's name and the request's payments that took money. */
function acceptedBy(db: Db, userId: string, requestId?: string) {
  return db
    .select({ row: requests, invitation: invitations, organiser: users.name, taken: takenPayments })
    .from(invitations)
    .innerJoin(requests, eq(requests.id, invitations.requestId))
    .innerJoin(users, eq(users.id, requests.userId))
    .where(and(eq(invitations.acceptedBy, userId), isNull(invitations.endedAt), requestId ? eq(invitations.requestId, requestId) : undefined))
    .$dynamic();
}

/** The request as its invited companion may see it; 404 for anyone else, and once the companion is no longer on it. */
export async function companionAccess(db: Db, userId: string, requestId: string, lock = false): Promise<Access> {
  const query = acceptedBy(db, userId, requestId).limit(1);
  const [found] = lock ? await query.for('update', { of: [requests, invitations] }) : await query;
  const companion = found ? companionById(found.row.data, found.invitation.pilgrimId) : null;
  if (!found || !companion) throw new ApiError('not_found');
  return { ...found, ...companion };
}

function summaryOf(access: Pick<Access, 'row' | 'invitation' | 'pilgrim' | 'answers' | 'organiser' | 'taken'>): SharedRequestSummary {
  const { row, invitation } = access;
  const summary = requestSummary(row, access.taken ?? []);
  const confirmed = invitation.confirmedAnswers !== null && sameAnswers(invitation.confirmedAnswers, access.answers);
  return {
    id: summary.id,
    money: summary.money,
    reference: summary.reference,
    type: summary.type,
    status: summary.status,
    pilgrims: summary.pilgrims,
    submitted_at: summary.submitted_at,
    pay_by: summary.pay_by,
    updated_at: summary.updated_at,
    version: summary.version,
    pilgrim: access.pilgrim,
    organiser_name: access.organiser,
    confirmed_at: confirmed ? (invitation.confirmedAt?.toISOString() ?? null) : null,
  };
}

/** GET /me/shared-requests: the requests the user is on as an invited companion, latest change first. */
export async function listSharedRequests(userId: string): Promise<{ items: SharedRequestSummary[] }> {
  const db = await getDb();
  const rows = await acceptedBy(db, userId).orderBy(sql`${requests.updatedAt} desc`);
  const items = rows.flatMap((found) => {
    const companion = companionById(found.row.data, found.invitation.pilgrimId);
    return companion ? [summaryOf({ ...found, ...companion })] : [];
  });
  return { items };
}

async function sharedView(db: Db, access: Access): Promise<SharedRequest> {
  const { row } = access;
  // Everything of theirs is kept against their id (companions.ts), never their place in the list.
  const mine = access.invitation.pilgrimId;
  const [docs, paid] = await Promise.all([
    db.select().from(documents).where(and(eq(documents.requestId, row.id), eq(documents.pilgrim, mine))).orderBy(asc(documents.createdAt)),
    db.select().from(payments).where(eq(payments.requestId, row.id)).orderBy(asc(payments.createdAt)),
  ]);
  const context = await planContext(db, row, paid);
  const changes = row.status === 'changes_requested';
  const travelMonth = travelMonthOf(row.data);
  const own: Record<string, unknown> = {};
  for (const field of [...OWN_FIELDS, 'relation']) if (access.answers[field] !== undefined) own[field] = access.answers[field];
  const summary = summaryOf(access);
  return {
    ...summary,
    answers: own,
    travel_month: typeof travelMonth === 'string' ? travelMonth : null,
    editable: EDITABLE_STATUSES.includes(row.status),
    documents: publicDocuments(docs, row.data),
    flagged: changes ? (row.flagged?.[mine] ?? []) : null,
    flag_notes: changes ? (row.flagNotes?.[mine] ?? {}) : null,
    changes_due_at: changes ? (row.changesDueAt?.toISOString() ?? null) : null,
    fee_minor: row.feeMinor,
    currency: row.currency,
    // The fee's parts, so that a companion can pay one (issue 42, item 4); who paid is named, nothing else of the others.
    payment_plan: ownReceipts(paymentPlanView(row, context.servicePlan, paid, context.payers, summary.money?.outstanding_minor ?? 0), paid, access.invitation.acceptedBy),
  };
}

/** A companion gets the receipts of what they paid themselves (receipt.ts): the others' parts show no payment to open. */
function ownReceipts(plan: SharedRequest['payment_plan'], paid: (typeof payments.$inferSelect)[], userId: string | null): SharedRequest['payment_plan'] {
  if (!plan) return plan;
  const mine = new Set(paid.filter((payment) => payment.userId === userId).map((payment) => payment.id));
  return { ...plan, parts: plan.parts.map((part) => ({ ...part, payment_id: part.payment_id && mine.has(part.payment_id) ? part.payment_id : null })) };
}

/** GET /me/shared-requests/{id}. */
export async function getSharedRequest(userId: string, requestId: string) {
  const db = await getDb();
  return sharedView(db, await companionAccess(db, userId, requestId));
}

/**
 * PATCH /me/shared-requests/{id}: the companion corrects their own answers
 * while the request is a draft or changes are asked (else 409 wrong_state),
 * at the version they read (else 409 with the request as it is now). The
 * answers are checked as the companions step checks them (422 on each field,
 * nothing saved); the relation stays the applicant's. The applicant sees that
 * the companion changed them (edited_at).
 */
export async function saveSharedAnswers(userId: string, requestId: string, input: { answers: unknown; version: number }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const access = await companionAccess(tx, userId, requestId, true);
    const { row, index } = access;
    if (!EDITABLE_STATUSES.includes(row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    if (row.version !== input.version) throw new ApiError('conflict', { extra: { data: await sharedView(tx, access) } });
    const sent = input.answers && typeof input.answers === 'object' && !Array.isArray(input.answers) ? (input.answers as Record<string, unknown>) : {};
    const given: Record<string, unknown> = {};
    for (const field of OWN_FIELDS) if (sent[field] !== undefined) given[field] = sent[field];
    const next = { ...given, relation: access.answers.relation, pilgrim_id: access.answers.pilgrim_id };
    const result = await companionSchemaFor(travelMonthOf(row.data)).safeParseAsync(next);
    if (!result.success) throw new ZodError(result.error.issues);
    const companions = Array.isArray(row.data.companions) ? [...row.data.companions] : [];
    companions[index] = normalisedAnswers(next, result.data);
    const [saved] = await tx
      .update(requests)
      .set({ data: { ...row.data, companions }, version: sql`${requests.version} + 1`, updatedAt: new Date() })
      .where(eq(requests.id, row.id))
      .returning();
    const corrected = companions[index] as Record<string, unknown>;
    // What they changed, added to what they changed before: the applicant sees which answers are the companion's doing.
    const changed = OWN_FIELDS.filter((field) => JSON.stringify(access.answers[field] ?? null) !== JSON.stringify(corrected[field] ?? null));
    const editedFields = OWN_FIELDS.filter((field) => changed.includes(field) || access.invitation.editedFields.includes(field));
    const [invitation] = changed.length
      ? await tx.update(invitations).set({ editedAt: new Date(), editedFields }).where(eq(invitations.id, access.invitation.id)).returning()
      : [access.invitation];
    return sharedView(tx, { ...access, row: saved!, invitation: invitation!, answers: corrected });
  });
}

/** POST /me/shared-requests/{id}/confirmation: "these details are mine and correct", for the answers as they read now. */
export async function confirmSharedAnswers(userId: string, requestId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const access = await companionAccess(tx, userId, requestId, true);
    const [invitation] = await tx
      .update(invitations)
      .set({ confirmedAnswers: access.answers, confirmedAt: new Date() })
      .where(eq(invitations.id, access.invitation.id))
      .returning();
    return sharedView(tx, { ...access, invitation: invitation! });
  });
}
