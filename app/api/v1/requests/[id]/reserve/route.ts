import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { joinReserve, leaveReserve } from '@/lib/server/requests/reserve';

// POST /api/v1/requests/{id}/reserve – a draft whose package is too full for it joins the package's reserve list (docs/PLACES.md).
// As for sending: a place may be offered and a fee asked, so the address must be the pilgrim's.
export const POST = route.user({ verifiedEmail: true, params: { id: idParam } }, async ({ session, params }) => ok(await joinReserve(session.user.id, params.id)));

// DELETE /api/v1/requests/{id}/reserve – off the list, back to a draft.
export const DELETE = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await leaveReserve(session.user.id, params.id)));
