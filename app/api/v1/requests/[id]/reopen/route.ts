import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { reopenRequest } from '@/lib/server/requests/requests';

// POST /api/v1/requests/{id}/reopen – "Change answers" before paying: back to a draft, the open checkout voided.
export const POST = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await reopenRequest(session.user.id, params.id)));
