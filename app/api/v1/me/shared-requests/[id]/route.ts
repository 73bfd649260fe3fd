import { saveSharedAnswersSchema } from '@/lib/requests/api-schemas';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent, ok } from '@/lib/server/http/respond';
import { leaveSharedRequest } from '@/lib/server/requests/family-changes';
import { getSharedRequest, saveSharedAnswers } from '@/lib/server/requests/shared-requests';

// GET /api/v1/me/shared-requests/{id} – the request's state and the companion's own part (never another pilgrim's).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await getSharedRequest(session.user.id, params.id)));

// PATCH /api/v1/me/shared-requests/{id} – {answers, version}: the companion corrects their own answers while the request can be changed.
export const PATCH = route.user({ params: { id: idParam }, body: saveSharedAnswersSchema }, async ({ session, params, body }) => ok(await saveSharedAnswers(session.user.id, params.id, body)));

// DELETE /api/v1/me/shared-requests/{id} – the companion leaves the request (a checkout they had open on it is voided).
export const DELETE = route.user({ params: { id: idParam } }, async ({ session, params }) => {
  await leaveSharedRequest(session.user.id, params.id);
  return noContent();
});
