import { planContext } from '@/lib/server/payments/payment-parts';
import 'server-only';
import { liveInvitations } from '@/lib/server/requests/invitations';
import { byKey, byLabel, pilgrimLabelOf } from '@/lib/server/requests/companions';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, payments, requestHistory, requestNotes, requests, staff, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { fileStorage } from '@/lib/server/uploads/storage';
import { moveByOffice } from '@/lib/server/requests/office-moves';
import { requestDetails } from '@/lib/server/requests/request-views';
import { can, isStaffRole } from '@/lib/office/roles';
import type { OfficeReviewInput } from '@/lib/office/queue-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { flaggedSteps } from '@/lib/requests/flagged-steps';
import type { WizardStep } from '@/lib/requests/steps';
import { audit } from '@/lib/server/audit/audit';
import { staffActor } from './office-auth';
import { sentRequest } from './sent-request';
import { duplicatesOf } from './duplicates';
import { openRefundProposal, proposeRefund } from './refund-proposals';
import { answerChanges } from '@/lib/office/answer-changes';
import { isChangeReason } from '@/lib/office/change-reasons';
import type { FLAGGABLE } from '@/lib/office/queue-schemas';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import { endOfOfficeDay } from '@/lib/office/time-zone';
import type { Translate } from '@/lib/validation/localize';
import type { StaffMember } from './staff-sessions';
import type { Assignment, OfficeRequest, RequestNote } from '@/lib/contract/office';

function iso(date: Date): string;
function iso(date: Date | null): string | null;
function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

/**
 * A request as the office reads it: every answer, the documents (each with
 * the console's own link), payments and refunds, the history naming the staff
 * member of each move, the internal notes and the account it came from. The
 * view is audited: it shows every pilgrim's passport details.
 */
export async function officeRequestView(id: string, member: StaffMember, address: string | null): Promise<OfficeRequest> {
  const db = await getDb();
  const row = await sentRequest(db, id);
  const [docs, history, paid, notes, [account], [assigned], duplicates, refundProposal, invited] = await Promise.all([
    db.select().from(documents).where(eq(documents.requestId, id)).orderBy(asc(documents.createdAt)),
    db.select({ history: requestHistory, staffName: staff.name }).from(requestHistory).leftJoin(staff, eq(staff.id, requestHistory.staffId)).where(eq(requestHistory.requestId, id)).orderBy(asc(requestHistory.createdAt)),
    db.select().from(payments).where(eq(payments.requestId, id)).orderBy(asc(payments.createdAt)),
    db.select({ note: requestNotes, staffName: staff.name }).from(requestNotes).innerJoin(staff, eq(staff.id, requestNotes.staffId)).where(eq(requestNotes.requestId, id)).orderBy(asc(requestNotes.createdAt)),
    db.select({ name: users.name, email: users.email, phone: users.phone, locale: users.locale }).from(users).where(eq(users.id, row.userId)),
    row.assignedStaffId ? db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.assignedStaffId)) : Promise.resolve([]),
    duplicatesOf(id),
    openRefundProposal(id),
    liveInvitations(db, row),
  ]);
  await audit(staffActor(member), { action: 'request.view', target: { type: 'request', id }, address });
  const details = requestDetails(row, docs, history.map((h) => h.history), paid, null, invited, await planContext(db, row, paid));
  // Who received each payment taken at the counter.
  const receiverIds = [...new Set(paid.map((p) => p.recordedByStaffId).filter((staffId): staffId is string => staffId !== null))];
  const receivers = receiverIds.length ? await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, receiverIds)) : [];
  return {
    ...details,
    payments: details.payments.map((payment, i) => {
      const receiver = receivers.find((r) => r.id === paid[i]!.recordedByStaffId);
      return { ...payment, recorded_by: receiver ? { id: receiver.id, name: receiver.name } : null };
    }),
    // Kept by pilgrim id, answered by label (companions.ts): a companion no longer on the request has none.
    flagged: byLabel(row.data, row.flagged ?? {}),
    history: details.history.map((entry, i) => ({ ...entry, staff_name: history[i]!.staffName })),
    documents: details.documents.map((doc) => ({ ...doc, url: `/api/v1/office/documents/${doc.id}` })),
    account: account ? { name: account.name, email: account.email, phone: account.phone } : null,
    assigned_to: assigned ?? null,
    notes: notes.map(({ note, staffName }) => ({ id: note.id, body: note.body, staff_name: staffName, at: iso(note.createdAt) })),
    due_at: iso(row.dueAt),
    overdue: row.dueAt !== null && row.dueAt.getTime() < Date.now(),
    duplicates,
    // Old -> new since changes were last asked, once the pilgrim has sent the request again.
    changes: row.status === 'changes_requested' ? [] : answerChanges(row.previousData, row.data),
    flag_notes: byLabel(row.data, row.flagNotes ?? {}),
    changes_due_at: iso(row.changesDueAt),
    pilgrim_locale: account?.locale === 'en' ? 'en' : 'ar',
    refund_proposal: refundProposal,
  };
}

/** A document of a sent request, for the office; every view is audited (who looked at whose passport). */
export async function officeDocument(documentId: string, member: StaffMember, address: string | null) {
  const db = await getDb();
  const [doc] = await db
    .select({ doc: documents, data: requests.data })
    .from(documents)
    .innerJoin(requests, eq(requests.id, documents.requestId))
    .where(and(eq(documents.id, documentId), ne(requests.status, 'draft')));
  // A document whose pilgrim is no longer on the request is nobody's to show (companions.ts).
  if (!doc || !pilgrimLabelOf(doc.data, doc.doc.pilgrim)) throw new ApiError('not_found');
  const stored = await fileStorage().get(doc.doc.storageKey);
  if (!stored) throw new ApiError('not_found');
  await audit(staffActor(member), { action: 'document.view', target: { type: 'document', id: documentId }, details: { request_id: doc.doc.requestId, pilgrim: doc.doc.pilgrim, kind: doc.doc.kind }, address });
  return { doc: doc.doc, data: stored.data };
}

/** Who a request can be given to: "me", nobody, or an active member who reviews (finance does not review). */
export type Assignee = 'me' | 'nobody' | { id: string };

async function assignee(db: Db, member: StaffMember, to: Assignee): Promise<{ id: string; name: string } | null> {
  if (to === 'nobody') return null;
  if (to === 'me') return { id: member.id, name: member.name };
  const [other] = await db.select({ id: staff.id, name: staff.name, role: staff.role, disabledAt: staff.disabledAt }).from(staff).where(eq(staff.id, to.id));
  if (!other || other.disabledAt || !isStaffRole(other.role) || !can(other.role, 'review')) throw new ApiError('validation_failed', { messageKey: 'assignee_not_reviewer' });
  return { id: other.id, name: other.name };
}

/** Assign to me, to another reviewer, or release: who works on a request. */
export async function assignRequest(id: string, member: StaffMember, to: Assignee, address: string | null): Promise<Assignment> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    const next = await assignee(tx, member, to);
    await tx.update(requests).set({ assignedStaffId: next?.id ?? null }).where(eq(requests.id, row.id));
    await audit(staffActor(member), { action: next ? 'request.assign' : 'request.release', target: { type: 'request', id }, details: { previous: row.assignedStaffId, ...(next ? { to: next.id } : {}) }, address }, tx);
    return { assigned_to: next };
  });
}

/** An internal note: staff only, never shown to the pilgrim. */
export async function addRequestNote(id: string, member: StaffMember, body: string, address: string | null): Promise<RequestNote> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await sentRequest(tx, id);
    const [note] = await tx.insert(requestNotes).values({ requestId: id, staffId: member.id, body }).returning();
    await audit(staffActor(member), { action: 'request.note', target: { type: 'request', id }, address }, tx);
    return { id: note!.id, body: note!.body, staff_name: member.name, at: iso(note!.createdAt) };
  });
}

/**
 * A move in the console, through the state machine (409 when it does not
 * allow it): start review, ask for changes (with the fields and documents to
 * change, per pilgrim), approve, reject, or cancel with a refund (finance and
 * admin only). Each is a history row naming the member, a notification to the
 * pilgrim (in the portal, by push and by e-mail) and an audit row, in one
 * transaction; a cancelled request's fee goes back after it.
 */
export async function officeReview(id: string, member: StaffMember, input: OfficeReviewInput, address: string | null, t: Translate) {
  const status = input.status as RequestStatus;
  if (!can(member.role, status === 'cancelled' ? 'payments' : 'review')) throw new ApiError('forbidden');
  // Money would go back: a proposal for another member to approve, the request as it was (four eyes, refund-proposals.ts).
  if (status === 'cancelled') {
    const proposed = await proposeRefund(id, member, input.note ?? '', input.refund_minor, address, t);
    if (proposed) return proposed;
  }
  const changesDue = status === 'changes_requested' ? changesDeadline(input.changes_due, t) : undefined;
  return moveByOffice((tx) => sentRequest(tx, id, true), {
    status,
    note: input.note ?? null,
    actor: staffActor(member),
    address,
    staffId: member.id,
    // One step from opening to deciding: a request just sent goes through under_review on its way.
    via: status === 'approved' || status === 'rejected' || status === 'changes_requested' ? 'under_review' : undefined,
    plan: (row) => {
      // Named by label (whoever is at that place now) or by id, kept by id (companions.ts).
      const named = status === 'changes_requested' ? Object.fromEntries(Object.entries(input.flags ?? {}).filter(([, fields]) => fields.length > 0)) : null;
      const flags = named ? pilgrimKeyed(row.data, named, 'flags', t) : row.flagged;
      const changes = {
        flagged: flags,
        ...(status === 'changes_requested'
          ? {
              // A flagged part is not finished until the pilgrim saves it again: the task list says "to change", then "changed".
              completedSteps: row.completedSteps.filter((step) => !flaggedSteps(flags).includes(step as WizardStep)),
              flagNotes: pilgrimKeyed(row.data, flagNotesOf(named ?? {}, input.flag_notes ?? {}, t), 'flag_notes', t),
              changesDueAt: changesDue ?? null,
              // The answers as they are now: what the pilgrim changes is shown old -> new when it comes back.
              previousData: row.data,
            }
          : {}),
        // Taking a decision (or starting the review) takes the request, unless someone already has.
        assignedStaffId: status === 'cancelled' ? row.assignedStaffId : (row.assignedStaffId ?? member.id),
      };
      return { changes, details: status === 'changes_requested' ? { flagged: Object.values(flags ?? {}).flat().length } : undefined };
    },
  });
}

type Flaggable = (typeof FLAGGABLE)[number];
type FlagNotes = NonNullable<typeof requests.$inferInsert.flagNotes>;

/** The reason and note of each flagged field: a reason must be one of that field's (422 on its path); notes for fields not flagged are dropped. */
function flagNotesOf(flags: Record<string, string[]>, notes: NonNullable<OfficeReviewInput['flag_notes']>, t: Translate): FlagNotes {
  const result: FlagNotes = {};
  const wrong: Record<string, string[]> = {};
  for (const [pilgrim, fields] of Object.entries(flags)) {
    for (const field of fields as Flaggable[]) {
      const given = notes[pilgrim]?.[field];
      if (!given || (!given.reason && !given.note)) continue;
      if (given.reason && !isChangeReason(field, given.reason)) {
        wrong[`flag_notes.${pilgrim}.${field}.reason`] = [t('ApiErrors.change_reason_unknown')];
        continue;
      }
      (result[pilgrim] ??= {})[field] = { reason: given.reason ?? null, note: given.note?.trim() || null };
    }
  }
  if (Object.keys(wrong).length) throw new ApiError('validation_failed', { fields: wrong });
  return result;
}

/** Per pilgrim, as a call names them, by the key kept for each (companions.ts); 422 on `<field>.<name>` for anyone not on the request. */
function pilgrimKeyed<T>(data: Record<string, unknown>, named: Record<string, T>, field: string, t: Translate): Record<string, T> {
  const wrong: Record<string, string[]> = {};
  const keyed = byKey(data, named, (name) => (wrong[`${field}.${name}`] = [t('ApiErrors.unknown_pilgrim')]));
  if (Object.keys(wrong).length) throw new ApiError('validation_failed', { fields: wrong });
  return keyed;
}

/** The deadline for the changes: the end of the Hijri day given, on the office's clock (UTC+3); never a day already past. */
function changesDeadline(hijri: string | undefined, t: Translate): Date | undefined {
  if (!hijri) return undefined;
  const date = parseHijri(hijri);
  const end = date ? endOfOfficeDay(hijriToGregorian(date)) : null;
  if (!end || end.getTime() < Date.now()) throw new ApiError('validation_failed', { fields: { changes_due: [t('ApiErrors.changes_due_past')] } });
  return end;
}
