import { addStaffSchema } from '@/lib/office/schemas';
import type { StaffRole } from '@/lib/office/roles';
import { translatorFor } from '@/lib/i18n/translator';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { staffActor } from '@/lib/server/office/office-auth';
import { addStaff } from '@/lib/server/office/staff-accounts';
import { listStaff } from '@/lib/server/office/staff-admin';

// GET /api/v1/office/staff – the staff (admins).
export const GET = route.staff('staff', async () => ok(await listStaff(), { headers: { 'Cache-Control': 'no-store' } }));

// POST /api/v1/office/staff – invites a member: the one-time link to set a password goes to them alone, by e-mail
// (never in this answer: the admin must not be able to sign in as the member; issue 58, item 3).
export const POST = route.staff('staff', { body: addStaffSchema }, async ({ request, member, body }) => {
  const locale = requestLocale(request);
  const { staff } = await addStaff({ ...body, role: body.role as StaffRole }, staffActor(member), clientAddress(request), translatorFor(locale), locale);
  return ok({ staff }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
