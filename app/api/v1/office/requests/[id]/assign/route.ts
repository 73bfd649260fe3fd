import { assignSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { assignRequest } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/assign – {assign: "me"} takes the request, {assign: "nobody"} releases it.
export const POST = route.staff('review', { params: { id: idParam }, body: assignSchema }, async ({ request, member, params, body }) =>
  ok(await assignRequest(params.id, member, body.assign as 'me' | 'nobody', clientAddress(request))),
);
