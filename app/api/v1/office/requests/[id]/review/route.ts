import { officeReviewSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { officeReview } from '@/lib/server/office/office-requests';

// POST /api/v1/office/requests/{id}/review – ask for changes, approve, reject (reviewers, admins; a request just sent is
// taken through under_review on the way), or cancel (finance, admins): on a paid request, a refund proposed for another member to approve.
export const POST = route.staff('queue', { params: { id: idParam }, body: officeReviewSchema }, async ({ request, member, params, body }) =>
  ok(await officeReview(params.id, member, body, clientAddress(request), translatorFor(requestLocale(request)))),
);
