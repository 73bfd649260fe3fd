import { officeMoveSchema } from '@/lib/requests/api-schemas';
import type { RequestStatus } from '@/lib/requests/statuses';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { textParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { assertOpsKey } from '@/lib/server/auth/ops-key';
import { officeMove } from '@/lib/server/requests/office-moves';

// POST /api/v1/ops/requests/{id or reference}/status – the back office moves a request (X-Ops-Key).
export const POST = route<{ id: string }>(async (request, { params }) => {
  assertOpsKey(request);
  const { status, note } = await officeMoveSchema.parseAsync(await readBody(request));
  return ok(await officeMove(await textParam(params, 'id'), status as RequestStatus, note ?? null, { kind: 'ops_key' }, clientAddress(request)));
});
