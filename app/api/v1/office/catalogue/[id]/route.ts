import { catalogueChangeSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { textParam } from '@/lib/server/http/params';
import { requireSomeChange } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { changeCatalogue } from '@/lib/server/office/catalogue';

// PATCH /api/v1/office/catalogue/{id} – an admin changes a service's fee, season or companion limit (audited; the home page follows at once).
// An empty change is refused (422), never audited.
export const PATCH = route.staff('catalogue', { params: { id: textParam }, body: catalogueChangeSchema }, async ({ request, member, params, body }) => {
  requireSomeChange(body);
  return ok(await changeCatalogue(params.id, body, member, clientAddress(request), translatorFor(requestLocale(request))));
});
