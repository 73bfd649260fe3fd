import { addStaffSchema } from '@/lib/office/schemas';
import type { StaffRole } from '@/lib/office/roles';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff, staffActor } from '@/lib/server/office/office-auth';
import { addStaff, setPasswordUrl } from '@/lib/server/office/staff-accounts';
import { listStaff } from '@/lib/server/office/staff-admin';

// GET /api/v1/office/staff – the staff (admins).
export const GET = route(async (request) => {
  await requireStaff(request, 'staff');
  return ok(await listStaff(), { headers: { 'Cache-Control': 'no-store' } });
});

// POST /api/v1/office/staff – invites a member: an e-mail with the one-time link to set a password (also answered, once).
export const POST = route(async (request) => {
  const member = await requireStaff(request, 'staff');
  const input = await addStaffSchema.parseAsync(await readBody(request));
  const locale = requestLocale(request);
  const { staff, token } = await addStaff({ ...input, role: input.role as StaffRole }, staffActor(member), clientAddress(request), translatorFor(locale), locale);
  return ok({ staff, set_password_url: setPasswordUrl(token, locale) }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
