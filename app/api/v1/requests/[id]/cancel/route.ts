import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { cancelRequest } from '@/lib/server/requests/requests';

// POST /api/v1/requests/{id}/cancel – the user withdraws a request before the office reviews it.
export const POST = route.user({ params: { id: idParam } }, async ({ session, params }) => ok(await cancelRequest(session.user.id, params.id)));
