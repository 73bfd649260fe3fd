import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { submitRequest } from '@/lib/server/requests/requests';

// POST /api/v1/requests/{id}/submit – checks the whole request (422 with field paths), holds its places (409 sold_out) and sends it; 403 email_unverified until the address is confirmed.
export const POST = route.user({ verifiedEmail: true, params: { id: idParam } }, async ({ request, session, params }) =>
  ok(await submitRequest(session.user.id, params.id, readerOf(request))),
);
