import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { requestHistory, requests } from '@/lib/server/db/schema';
import { settledPayment, summaryColumns } from './request-rows';
import { requestSummary } from './request-views';
import { reservePosition } from './reserve-position';
import type { NeedsDoing } from '@/lib/contract/requests';

// The most of each kind listed: more than a person can act on at once (the lists have the rest).
const MOST_PER_KIND = 20;

/**
 * What needs doing on a user's account (GET /api/v1/me/needs-doing, the
 * account page and the header's count): requests awaiting payment (soonest
 * deadline first), requests the office sent back for changes (with its note),
 * and drafts (last saved first). One query for the requests, one for the
 * notes. `count` is what must be done by someone else's clock (payments and
 * changes): a draft can wait, and a badge that never goes away is ignored.
 */
export async function needsDoing(userId: string): Promise<NeedsDoing> {
  const db = await getDb();
  const rows = await db
    .select({
      request: summaryColumns,
      settled: settledPayment,
      position: reservePosition,
    })
    .from(requests)
    .where(and(eq(requests.userId, userId), inArray(requests.status, ['pending_payment', 'changes_requested', 'reserved', 'draft'])))
    .orderBy(asc(requests.submittedAt), desc(requests.updatedAt), desc(requests.id));

  const of = (status: string) => rows.filter((row) => row.request.status === status).slice(0, MOST_PER_KIND);
  const awaiting = of('pending_payment');
  const changes = of('changes_requested');
  // On a reserve list: nothing to do but wait; shown with the position, so that the wait is seen.
  const reserved = of('reserved');
  const drafts = of('draft').sort((a, b) => b.request.updatedAt.getTime() - a.request.updatedAt.getTime());

  // The office's note that sent each one back: the latest move to changes_requested.
  const notes = new Map<string, string | null>();
  if (changes.length) {
    const moves = await db
      .select({ requestId: requestHistory.requestId, note: requestHistory.note })
      .from(requestHistory)
      .where(and(inArray(requestHistory.requestId, changes.map((row) => row.request.id)), eq(requestHistory.toStatus, 'changes_requested')))
      .orderBy(asc(requestHistory.createdAt));
    for (const move of moves) notes.set(move.requestId, move.note);
  }

  const summary = ({ request, settled, position }: (typeof rows)[number]) => requestSummary(request, settled ?? undefined, position);
  return {
    count: awaiting.length + changes.length,
    awaiting_payment: awaiting.map(summary),
    changes_requested: changes.map((row) => ({ ...summary(row), office_note: notes.get(row.request.id) ?? null })),
    reserved: reserved.map(summary),
    drafts: drafts.map(summary),
  };
}
