import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { officeRequestView } from '@/lib/server/office/office-requests';

// GET /api/v1/office/requests/{id} – a sent request as the office reads it (audited).
export const GET = route.staff('queue', { params: { id: idParam } }, async ({ request, member, params }) =>
  ok(await officeRequestView(params.id, member, clientAddress(request)), { headers: { 'Cache-Control': 'no-store' } }),
);
