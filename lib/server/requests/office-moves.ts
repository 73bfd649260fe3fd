import 'server-only';
import { eq, or } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { audit, type AuditActor, type AuditEntry } from '@/lib/server/audit/audit';
import { markRefundDue, releasePayments } from '@/lib/server/payments/payments';
import { isRequestId } from '@/lib/requests/request-id';
import { TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';
import { changeStatus } from './history';
import { moveRequest } from './move-request';
import { takenPaymentsOf, type RequestRow } from './request-rows';
import { requestSummary } from './request-views';

/** A move made by the office: in the console by a member, or by the operator key (automation). */
export type OfficeMove = {
  status: RequestStatus;
  note: string | null;
  actor: AuditActor;
  address: string | null;
  /** The member named in the request's history (a move made in the console). */
  staffId?: string | null;
  /** What else the move changes on the request, and adds to its audit row, seen the request as it was found. */
  plan?: (row: RequestRow) => { changes?: Partial<typeof requests.$inferInsert>; details?: AuditEntry['details'] };
  /**
   * A status to pass through first when the request is not yet in it and the office may go there and on (a
   * decision on a request just sent goes through under_review: one step from opening to deciding). Recorded in
   * the history, not told to the pilgrim: the decision is.
   */
  via?: RequestStatus;
  /** With cancelled: less than all that was paid goes back (a partial refund approved by two members). */
  refundMinor?: number;
};

/**
 * The office moves a request, found (and locked) by `find`: the move through
 * the state machine (history, places, the pilgrim's notification), its audit
 * row and the refund a cancellation owes, in one transaction; the money goes
 * back after it. The console (officeReview) and the operator key (officeMove)
 * both move through here.
 */
export async function moveByOffice(find: (tx: Db) => Promise<RequestRow>, move: OfficeMove) {
  const db = await getDb();
  const moved = await db.transaction(async (tx) => {
    let row = await find(tx);
    const via = move.via;
    if (via && row.status !== via && TRANSITIONS[row.status].office.includes(via) && TRANSITIONS[via].office.includes(move.status)) {
      const from = row.status;
      row = await changeStatus(tx, row, via, 'office', null, { version: row.version + 1 }, move.staffId ?? null);
      await audit(move.actor, { action: 'request.move', target: { type: 'request', id: row.id }, details: { from, to: via }, address: move.address }, tx);
    }
    const { changes = {}, details = {} } = move.plan?.(row) ?? {};
    const result = await moveRequest(tx, row, move.status, 'office', move.note, { version: row.version + 1, ...changes }, move.staffId ?? null);
    // In the audit log with the move: who, from and to which status; the note is the request's, not the log's.
    await audit(move.actor, { action: 'request.move', target: { type: 'request', id: row.id }, details: { from: row.status, to: move.status, ...details }, address: move.address }, tx);
    // A cancelled request's fee goes back to the payer: owed in the same transaction as the move, given back after it.
    if (move.status === 'cancelled') await markRefundDue(tx, row.id, 'cancelled', move.refundMinor);
    return result;
  });
  if (move.status === 'cancelled') await releasePayments(moved.id);
  return requestSummary(moved, await takenPaymentsOf(await getDb(), moved.id));
}

/** The operator key moves a request, found by its id or its reference, with an optional note. */
export async function officeMove(idOrReference: string, status: RequestStatus, note: string | null, actor: AuditActor = { kind: 'ops_key' }, address: string | null = null) {
  const match = isRequestId(idOrReference) ? or(eq(requests.id, idOrReference), eq(requests.reference, idOrReference)) : eq(requests.reference, idOrReference);
  return moveByOffice(
    async (tx) => {
      const [row] = await tx.select().from(requests).where(match).limit(1).for('update');
      if (!row) throw new ApiError('not_found');
      return row;
    },
    { status, note, actor, address },
  );
}
