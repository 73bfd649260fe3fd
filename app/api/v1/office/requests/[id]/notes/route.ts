import { noteSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { addRequestNote } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/notes – an internal note (staff only; the pilgrim never sees it).
export const POST = route.staff('queue', { params: { id: idParam }, body: noteSchema }, async ({ request, member, params, body }) =>
  ok(await addRequestNote(params.id, member, body.body, clientAddress(request)), { status: 201 }),
);
