import 'server-only';
import { eq, or } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { ApiError } from '@/lib/server/http/errors';
import { sameSecret } from '@/lib/server/security/same-secret';
import { isRequestId } from '@/lib/requests/request-id';
import type { RequestStatus } from '@/lib/requests/statuses';
import { moveRequest } from './history';
import { requestSummary } from './requests';
import { markRefundDue, releasePayments } from '@/lib/server/payments/payments';
import { audit, type AuditActor } from '@/lib/server/office/audit';

/** The back office proves itself with X-Ops-Key; with no OPS_API_KEY configured, nobody can. */
export function assertOffice(request: Request) {
  const expected = env().OPS_API_KEY;
  const given = request.headers.get('x-ops-key') ?? '';
  const ok = Boolean(expected) && sameSecret(given, expected!);
  if (!ok) throw new ApiError('forbidden');
}

/** The office moves a request, found by its id or its reference, with an optional note. */
export async function officeMove(idOrReference: string, status: RequestStatus, note: string | null, actor: AuditActor = { kind: 'ops_key' }, address: string | null = null) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const match = isRequestId(idOrReference)
      ? or(eq(requests.id, idOrReference), eq(requests.reference, idOrReference))
      : eq(requests.reference, idOrReference);
    const [row] = await tx.select().from(requests).where(match).limit(1).for('update');
    if (!row) throw new ApiError('not_found');
    const moved = await moveRequest(tx, row, status, 'office', note, { version: row.version + 1 });
    // In the audit log with the move: who (the ops key, for automation), from and to which status; the note is the request's, not the log's.
    await audit(actor, { action: 'request.move', target: { type: 'request', id: row.id }, details: { from: row.status, to: status }, address }, tx);
    // A cancelled request's fee goes back to the payer: owed in the same transaction as the move, given back after it.
    if (status === 'cancelled') await markRefundDue(tx, row.id, 'cancelled');
    return requestSummary(moved);
  }).then(async (moved) => {
    if (status === 'cancelled') await releasePayments(moved.id);
    return moved;
  });
}
