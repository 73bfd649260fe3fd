import { assignSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { assignRequest } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/assign – {assign: "me"} takes the request, {assign: "nobody"} releases it.
export const POST = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'review');
  const { assign } = await assignSchema.parseAsync(await readBody(request));
  return ok(await assignRequest(await idParam(params), member, assign as 'me' | 'nobody', clientAddress(request)));
});
