import { saveStepSchema } from '@/lib/requests/api-schemas';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent, ok } from '@/lib/server/http/respond';
import { deleteDraft, getRequest, saveStep } from '@/lib/server/requests/requests';

// GET /api/v1/requests/{id} – answers, documents and history (owner only; others get 404).
export const GET = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await getRequest(session.user.id, params.id)));

// PATCH /api/v1/requests/{id} – autosaves a step: {step, data, version, complete?}; stale version → 409.
export const PATCH = route.user({ params: { id: idParam }, body: saveStepSchema }, async ({ session, params, body }) => ok(await saveStep(session.user.id, params.id, body)));

// DELETE /api/v1/requests/{id} – deletes a draft.
export const DELETE = route.user({ params: { id: idParam } }, async ({ session, params }) => {
  await deleteDraft(session.user.id, params.id);
  return noContent();
});
