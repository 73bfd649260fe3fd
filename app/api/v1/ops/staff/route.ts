import { addStaffSchema } from '@/lib/office/schemas';
import type { StaffRole } from '@/lib/office/roles';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { addStaff, setPasswordUrl } from '@/lib/server/office/staff-accounts';

// POST /api/v1/ops/staff – adds a staff member (X-Ops-Key; `npm run staff -- add`): answers the one-time link to set a password.
export const POST = route.ops({ body: addStaffSchema }, async ({ request, body }) => {
  const locale = requestLocale(request);
  const { staff, token } = await addStaff({ ...body, role: body.role as StaffRole }, { kind: 'ops_key' }, clientAddress(request), translatorFor(locale), locale);
  return ok({ staff, set_password_url: setPasswordUrl(token, locale) }, { status: 201 });
});
