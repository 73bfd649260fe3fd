import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { resetTwoFactor } from '@/lib/server/office/staff-admin';

// POST /api/v1/office/staff/{id}/reset-two-factor – a lost phone: the member enrols a new authenticator at the next sign-in (admins).
export const POST = route.staff('staff', { params: { id: idParam } }, async ({ request, member, params }) => {
  await resetTwoFactor(params.id, member, clientAddress(request));
  return noContent();
});
