import { packageRefundSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { proposePackageRefund } from '@/lib/server/office/package-refunds';

// POST /api/v1/office/requests/{id}/package-refund – a cheaper package chosen after paying: propose the refund of its difference
// (finance, admins); another member approves it (refund-approval), and the request stays as it is (issue 57, item 6).
export const POST = route.staff('payments', { params: { id: idParam }, body: packageRefundSchema }, async ({ request, member, params, body }) =>
  ok(await proposePackageRefund(params.id, member, body, clientAddress(request), translatorFor(requestLocale(request)))),
);
