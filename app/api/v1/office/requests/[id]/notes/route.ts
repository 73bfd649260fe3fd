import { noteSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { addRequestNote } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/notes – an internal note (staff only; the pilgrim never sees it).
export const POST = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'queue');
  const { body } = await noteSchema.parseAsync(await readBody(request));
  return ok(await addRequestNote(await idParam(params), member, body, clientAddress(request)), { status: 201 });
});
