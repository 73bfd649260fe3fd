import { officeReviewSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { officeReview } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/review – start review, ask for changes, approve, reject (reviewers, admins), or cancel with a refund (finance, admins).
export const POST = route.staff('queue', { params: { id: idParam }, body: officeReviewSchema }, async ({ request, member, params, body }) =>
  ok(await officeReview(params.id, member, body, clientAddress(request))),
);
