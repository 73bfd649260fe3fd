import { authenticate } from '@/lib/server/auth/authenticate';
import { requireVerifiedEmail } from '@/lib/server/accounts/email-verification';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { submitRequest } from '@/lib/server/requests/requests';

// POST /api/v1/requests/{id}/submit – checks the whole request (422 with field paths), holds its places (409 sold_out) and sends it; 403 email_unverified until the address is confirmed.
export const POST = route(async (request, { params }) => {
  const session = await authenticate(request);
  // An unconfirmed address may be a stranger's: 403 email_unverified until it is confirmed.
  requireVerifiedEmail(session.user);
  return ok(await submitRequest(session.user.id, await idParam(params), readerOf(request)));
});
