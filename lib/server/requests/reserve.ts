import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { packagePlaces, placeHolds, reserveList } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { requestIssues } from '@/lib/requests/answers';
import { REQUEST_STEPS } from '@/lib/requests/steps';
import { ZodError } from 'zod';
import { moveRequest } from './move-request';
import { placesLeft, returnPlaces } from './places';
import { takesApplications } from './request-types';
import { documentIssues, ownRequest, pilgrimsOf, typeOf } from './request-rows';
import { requestSummary } from './request-views';
import { offerPlaces, reservePositionOf } from './reserve-offers';
import { lockAccount, refuseSecondUnpaid, refuseSharedPassport } from './hoarding';

// The reserve list of a package (docs/PLACES.md): a draft refused with sold_out
// joins it, and may leave it; places given back are offered down the list
// (reserve-offers.ts).

/**
 * POST /requests/{id}/reserve: a draft, complete as for sending, whose package
 * has too few places left for its pilgrims joins the end of that package's
 * list. Places it still held (reopened from payment) go back first, and are
 * offered to those ahead of it. Anything else: 409 (wrong_state, places_left,
 * service_closed, one_unpaid_request, passport_on_live_request) or 422 as
 * sending would answer.
 */
export async function joinReserve(userId: string, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = tx;
    const row = await ownRequest(t, userId, id, true);
    if (row.status !== 'draft') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    const type = await typeOf(t, row);
    if (!takesApplications(type)) throw new ApiError('conflict', { messageKey: 'service_closed' });
    const issues = [...(await requestIssues(type, row.data)), ...(await documentIssues(t, row, row.data))];
    if (issues.length) throw new ZodError(issues);
    // The list follows the sending rule (hoarding.ts): one unpaid or reserved request per account and service, one
    // live request or reserve-list place per passport.
    await lockAccount(t, userId);
    await refuseSecondUnpaid(t, row);
    await refuseSharedPassport(t, row);

    const pilgrims = pilgrimsOf(row.data).length;
    const chosen = (row.data.service as { package: string }).package;
    const [own] = await t.select().from(placeHolds).where(eq(placeHolds.requestId, id));
    const [count] = await t.select().from(packagePlaces).where(and(eq(packagePlaces.typeId, row.typeId), eq(packagePlaces.package, chosen)));
    const left = placesLeft(count);
    // Sending would take them: the list is only for a package too full for this request.
    if (left === null || left + (own?.package === chosen ? own.places : 0) >= pilgrims) throw new ApiError('conflict', { messageKey: 'places_left' });

    const freed = await returnPlaces(t, id);
    await t.insert(reserveList).values({ requestId: id, typeId: row.typeId, package: chosen, places: pilgrims });
    const moved = await moveRequest(t, row, 'reserved', 'user', null, { pilgrims, completedSteps: [...REQUEST_STEPS], version: row.version + 1 });
    if (freed) await offerPlaces(t, freed.typeId, freed.package);
    return requestSummary(moved, [], await reservePositionOf(t, id));
  });
}

/** DELETE /requests/{id}/reserve: off the list, back to a draft (those behind close up). */
export async function leaveReserve(userId: string, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = tx;
    const row = await ownRequest(t, userId, id, true);
    if (row.status !== 'reserved') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    await t.delete(reserveList).where(eq(reserveList.requestId, id));
    return requestSummary(await moveRequest(t, row, 'draft', 'user', null, { version: row.version + 1 }), []);
  });
}
