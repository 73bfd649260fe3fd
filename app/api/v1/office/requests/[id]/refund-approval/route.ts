import { refundApprovalSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { decideRefund } from '@/lib/server/office/refund-proposals';

// POST /api/v1/office/requests/{id}/refund-approval – another finance member or admin approves or refuses the refund proposed (never the proposer: 403).
export const POST = route.staff('payments', { params: { id: idParam }, body: refundApprovalSchema }, async ({ request, member, params, body }) =>
  ok(await decideRefund(params.id, member, body.decision as 'approve' | 'refuse', clientAddress(request))),
);
