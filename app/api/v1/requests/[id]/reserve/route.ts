import { authenticate } from '@/lib/server/auth/authenticate';
import { requireVerifiedEmail } from '@/lib/server/accounts/email-verification';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { joinReserve, leaveReserve } from '@/lib/server/requests/reserve';

// POST /api/v1/requests/{id}/reserve – a draft whose package is too full for it joins the package's reserve list (docs/PLACES.md).
export const POST = route(async (request, { params }) => {
  const session = await authenticate(request);
  // As for sending: a place may be offered and a fee asked, so the address must be the pilgrim's.
  requireVerifiedEmail(session.user);
  return ok(await joinReserve(session.user.id, await idParam(params)));
});

// DELETE /api/v1/requests/{id}/reserve – off the list, back to a draft.
export const DELETE = route(async (request, { params }) => {
  const session = await authenticate(request);
  return ok(await leaveReserve(session.user.id, await idParam(params)));
});
