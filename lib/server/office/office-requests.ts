import 'server-only';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, payments, requestHistory, requestNotes, requests, staff, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { fileStorage } from '@/lib/server/uploads/storage';
import { moveByOffice } from '@/lib/server/requests/office-moves';
import { requestDetails } from '@/lib/server/requests/request-views';
import { can } from '@/lib/office/roles';
import type { OfficeReviewInput } from '@/lib/office/queue-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { flaggedSteps } from '@/lib/requests/flagged-steps';
import type { WizardStep } from '@/lib/requests/steps';
import { audit } from '@/lib/server/audit/audit';
import { staffActor } from './office-auth';
import type { StaffMember } from './staff-sessions';
import type { Assignment, OfficeRequest, RequestNote } from '@/lib/contract/office';

function iso(date: Date): string;
function iso(date: Date | null): string | null;
function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

/** A sent request (never a draft: that is the pilgrim's own until sent), or 404. */
async function sentRequest(db: Db, id: string, lock = false) {
  const query = db.select().from(requests).where(and(eq(requests.id, id), ne(requests.status, 'draft'))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('not_found');
  return row;
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
  const [docs, history, paid, notes, [account], [assigned]] = await Promise.all([
    db.select().from(documents).where(eq(documents.requestId, id)).orderBy(asc(documents.createdAt)),
    db.select({ history: requestHistory, staffName: staff.name }).from(requestHistory).leftJoin(staff, eq(staff.id, requestHistory.staffId)).where(eq(requestHistory.requestId, id)).orderBy(asc(requestHistory.createdAt)),
    db.select().from(payments).where(eq(payments.requestId, id)).orderBy(asc(payments.createdAt)),
    db.select({ note: requestNotes, staffName: staff.name }).from(requestNotes).innerJoin(staff, eq(staff.id, requestNotes.staffId)).where(eq(requestNotes.requestId, id)).orderBy(asc(requestNotes.createdAt)),
    db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, row.userId)),
    row.assignedStaffId ? db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.assignedStaffId)) : Promise.resolve([]),
  ]);
  await audit(staffActor(member), { action: 'request.view', target: { type: 'request', id }, address });
  const details = requestDetails(row, docs, history.map((h) => h.history), paid);
  // Who received each payment taken at the counter.
  const receiverIds = [...new Set(paid.map((p) => p.recordedByStaffId).filter((staffId): staffId is string => staffId !== null))];
  const receivers = receiverIds.length ? await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, receiverIds)) : [];
  return {
    ...details,
    payments: details.payments.map((payment, i) => {
      const receiver = receivers.find((r) => r.id === paid[i]!.recordedByStaffId);
      return { ...payment, recorded_by: receiver ? { id: receiver.id, name: receiver.name } : null };
    }),
    flagged: row.flagged ?? {},
    history: details.history.map((entry, i) => ({ ...entry, staff_name: history[i]!.staffName })),
    documents: details.documents.map((doc) => ({ ...doc, url: `/api/v1/office/documents/${doc.id}` })),
    account: account ?? null,
    assigned_to: assigned ?? null,
    notes: notes.map(({ note, staffName }) => ({ id: note.id, body: note.body, staff_name: staffName, at: iso(note.createdAt) })),
  };
}

/** A document of a sent request, for the office; every view is audited (who looked at whose passport). */
export async function officeDocument(documentId: string, member: StaffMember, address: string | null) {
  const db = await getDb();
  const [doc] = await db
    .select({ doc: documents })
    .from(documents)
    .innerJoin(requests, eq(requests.id, documents.requestId))
    .where(and(eq(documents.id, documentId), ne(requests.status, 'draft')));
  if (!doc) throw new ApiError('not_found');
  const stored = await fileStorage().get(doc.doc.storageKey);
  if (!stored) throw new ApiError('not_found');
  await audit(staffActor(member), { action: 'document.view', target: { type: 'document', id: documentId }, details: { request_id: doc.doc.requestId, pilgrim: doc.doc.pilgrim, kind: doc.doc.kind }, address });
  return { doc: doc.doc, data: stored.data };
}

/** Assign to me / release: who works on a request. */
export async function assignRequest(id: string, member: StaffMember, assign: 'me' | 'nobody', address: string | null): Promise<Assignment> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await sentRequest(tx, id, true);
    const assignedStaffId = assign === 'me' ? member.id : null;
    await tx.update(requests).set({ assignedStaffId }).where(eq(requests.id, row.id));
    await audit(staffActor(member), { action: assign === 'me' ? 'request.assign' : 'request.release', target: { type: 'request', id }, details: { previous: row.assignedStaffId }, address }, tx);
    return { assigned_to: assignedStaffId ? { id: member.id, name: member.name } : null };
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
export async function officeReview(id: string, member: StaffMember, input: OfficeReviewInput, address: string | null) {
  const status = input.status as RequestStatus;
  if (!can(member.role, status === 'cancelled' ? 'payments' : 'review')) throw new ApiError('forbidden');
  return moveByOffice((tx) => sentRequest(tx, id, true), {
    status,
    note: input.note ?? null,
    actor: staffActor(member),
    address,
    staffId: member.id,
    plan: (row) => {
      const flags = status === 'changes_requested' ? Object.fromEntries(Object.entries(input.flags ?? {}).filter(([, fields]) => fields.length > 0)) : row.flagged;
      const changes = {
        flagged: flags,
        // A flagged part is not finished until the pilgrim saves it again: the task list says "to change", then "changed".
        ...(status === 'changes_requested' ? { completedSteps: row.completedSteps.filter((step) => !flaggedSteps(flags).includes(step as WizardStep)) } : {}),
        // Starting the review takes the request, unless someone already has.
        assignedStaffId: status === 'under_review' ? (row.assignedStaffId ?? member.id) : row.assignedStaffId,
      };
      return { changes, details: status === 'changes_requested' ? { flagged: Object.values(flags ?? {}).flat().length } : undefined };
    },
  });
}
