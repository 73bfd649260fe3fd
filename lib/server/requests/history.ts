import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { requestHistory, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { TRANSITIONS, type RequestStatus } from '@/lib/requests/statuses';

export type Actor = 'user' | 'office' | 'system';

/**
 * Moves a request to another status, if `actor` may make that move from the
 * current one, and writes the move into the request's history. Runs inside
 * the caller's transaction; the status check is part of the UPDATE, so two
 * moves at once cannot both pass.
 */
export async function moveRequest(
  tx: Db,
  request: { id: string; status: string },
  to: RequestStatus,
  actor: Actor,
  note: string | null = null,
  changes: Partial<typeof requests.$inferInsert> = {},
) {
  const from = request.status as RequestStatus;
  if (!TRANSITIONS[from]?.[actor].includes(to)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  const [moved] = await tx
    .update(requests)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(requests.id, request.id), eq(requests.status, from)))
    .returning();
  if (!moved) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  await tx.insert(requestHistory).values({ requestId: request.id, fromStatus: from, toStatus: to, actor, note });
  return moved;
}
