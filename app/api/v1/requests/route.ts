import { createRequestSchema, listRequestsSchema } from '@/lib/requests/api-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { createDraft, listRequests } from '@/lib/server/requests/requests';

// GET /api/v1/requests?status=&page= – the user's requests (drafts only with status=draft).
export const GET = route(async (request) => {
  const session = await authenticate(request);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const { status, page } = await listRequestsSchema.parseAsync(query);
  const { items, meta } = await listRequests(session.user.id, { status: status as RequestStatus | undefined, page });
  return ok(items, { meta });
});

// POST /api/v1/requests – starts a draft of the given type.
export const POST = route(async (request) => {
  const session = await authenticate(request);
  const { type } = await createRequestSchema.parseAsync(await readBody(request));
  return ok(await createDraft(session.user.id, type), { status: 201 });
});
