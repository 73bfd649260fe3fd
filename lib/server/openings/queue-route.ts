import 'server-only';
import { route } from '@/lib/server/http/handler';
import { serviceParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { draftReadiness } from '@/lib/server/requests/draft-readiness';
import { joinQueue, leaveQueue, readQueuePlace } from './queue-places';

// The opening queue of a service (issue 59, docs/OPENING.md), for a signed-in pilgrim with a confirmed address.
// POST joins (201; a second join, from any tab or device, answers the same place: 200) and says what the pilgrim's
// draft still needs; GET reads the place (one round trip to the queue); DELETE leaves it.
// Defined here, not in the route file, because two doors lead to them: app/api/v1/openings/[service]/queue/route.ts
// for Next.js, and the front door's hot routes (lib/server/http/hot-routes.ts), which answer the opening minute's
// busiest requests with these same handlers before Next.js's routing.
export const POST = route.user({ verifiedEmail: true, params: { service: serviceParam } }, async ({ session, params }) => {
  // The queue and the draft at once: two stores, neither waits for the other.
  const [{ answer, joined }, draft] = await Promise.all([joinQueue(params.service, session.user.id), draftReadiness(session.user.id, params.service)]);
  return ok({ ...answer, draft }, { status: joined ? 201 : 200 });
});

export const GET = route.user({ params: { service: serviceParam } }, async ({ session, params }) => ok(await readQueuePlace(params.service, session.user.id)));

export const DELETE = route.user({ params: { service: serviceParam } }, async ({ session, params }) => ok(await leaveQueue(params.service, session.user.id)));
