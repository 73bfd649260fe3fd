import { bulkSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { bulkAction } from '@/lib/server/office/bulk';

// POST /api/v1/office/requests/bulk – assign, release or note many requests, each as if one by one; those that cannot are listed back.
export const POST = route.staff('queue', { body: bulkSchema }, async ({ request, member, body }) =>
  ok(await bulkAction(body, member, clientAddress(request), translatorFor(requestLocale(request)))),
);
