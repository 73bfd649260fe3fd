import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { officeRequestView } from '@/lib/server/office/office-requests';

// GET /api/v1/office/requests/{id} – a sent request as the office reads it (audited).
export const GET = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'queue');
  return ok(await officeRequestView(await idParam(params), member, clientAddress(request)), { headers: { 'Cache-Control': 'no-store' } });
});
