import { createRequestSchema, listRequestsSchema } from '@/lib/requests/api-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { createDraft, listRequests } from '@/lib/server/requests/requests';

// GET /api/v1/requests?status=&page= – the user's requests (drafts only with status=draft).
export const GET = route.user({ query: listRequestsSchema }, async ({ session, query }) => {
  const { items, meta } = await listRequests(session.user.id, { status: query.status as RequestStatus | undefined, page: query.page });
  return ok(items, { meta });
});

// POST /api/v1/requests – starts a draft of the given type.
export const POST = route.user({ body: createRequestSchema }, async ({ session, body }) => ok(await createDraft(session.user.id, body.type), { status: 201 }));
