import { officeMoveSchema } from '@/lib/requests/api-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { officeMove } from '@/lib/server/requests/office-moves';

// POST /api/v1/ops/requests/{id or reference}/status – the back office moves a request (X-Ops-Key).
export const POST = route.ops({ params: { id: textParam }, body: officeMoveSchema }, async ({ request, params, body }) =>
  ok(await officeMove(params.id, body.status as RequestStatus, body.note ?? null, { kind: 'ops_key' }, clientAddress(request))),
);
