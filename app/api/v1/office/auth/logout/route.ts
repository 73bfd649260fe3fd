import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';
import { audit } from '@/lib/server/audit/audit';
import { staffActor } from '@/lib/server/office/office-auth';
import { clearedStaffSessionCookie, readStaffCookie } from '@/lib/server/office/staff-cookie';
import { endStaffSession } from '@/lib/server/office/staff-sessions';

// POST /api/v1/office/auth/logout – ends this staff session and clears its cookie.
export const POST = route.staff('dashboard', async ({ request, member }) => {
  await endStaffSession(readStaffCookie(request.headers.get('cookie'))!);
  await audit(staffActor(member), { action: 'staff.sign_out', address: clientAddress(request) });
  return noContent({ 'Set-Cookie': clearedStaffSessionCookie() });
});
