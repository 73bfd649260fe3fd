import { officeReviewSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { officeReview } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/review – start review, ask for changes, approve, reject (reviewers, admins), or cancel with a refund (finance, admins).
export const POST = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'queue');
  const input = await officeReviewSchema.parseAsync(await readBody(request));
  return ok(await officeReview(await idParam(params), member, input, clientAddress(request)));
});
