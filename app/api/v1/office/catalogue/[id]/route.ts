import { catalogueChangeSchema } from '@/lib/office/queue-schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { textParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { changeCatalogue } from '@/lib/server/office/catalogue';

// PATCH /api/v1/office/catalogue/{id} – an admin changes a service's fee, season or companion limit (audited; the home page follows at once).
export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'catalogue');
  const change = await catalogueChangeSchema.parseAsync(await readBody(request));
  return ok(await changeCatalogue(await textParam(params, 'id'), change, member, clientAddress(request), translatorFor(requestLocale(request))));
});
