import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { resetTwoFactor } from '@/lib/server/office/staff-admin';

// POST /api/v1/office/staff/{id}/reset-two-factor – a lost phone: the member enrols a new authenticator at the next sign-in (admins).
export const POST = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'staff');
  await resetTwoFactor(await idParam(params), member, clientAddress(request));
  return noContent();
});
