import { saveStepSchema } from '@/lib/requests/api-schemas';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { noContent, ok } from '@/lib/server/http/respond';
import { deleteDraft, getRequest, saveStep } from '@/lib/server/requests/requests';

// GET /api/v1/requests/{id} – answers, documents and history (owner only; others get 404).
export const GET = route(async (request, { params }) => {
  const session = await authenticate(request);
  return ok(await getRequest(session.user.id, await idParam(params)));
});

// PATCH /api/v1/requests/{id} – autosaves a step: {step, data, version, complete?}; stale version → 409.
export const PATCH = route(async (request, { params }) => {
  const session = await authenticate(request);
  const id = await idParam(params);
  const input = await saveStepSchema.parseAsync(await readBody(request));
  return ok(await saveStep(session.user.id, id, input));
});

// DELETE /api/v1/requests/{id} – deletes a draft.
export const DELETE = route(async (request, { params }) => {
  const session = await authenticate(request);
  await deleteDraft(session.user.id, await idParam(params));
  return noContent();
});
