import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { cancelRequest } from '@/lib/server/requests/requests';

// POST /api/v1/requests/{id}/cancel – the user withdraws a request before the office reviews it.
export const POST = route(async (request, { params }) => {
  const session = await authenticate(request);
  return ok(await cancelRequest(session.user.id, await idParam(params)));
});
