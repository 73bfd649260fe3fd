import { logout } from '@/lib/server/accounts/accounts';
import { route } from '@/lib/server/http/handler';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';
import { forgetDeviceAtLogout } from '@/lib/server/push/devices';
import { logoutSchema } from '@/lib/auth/schemas';

// POST /api/v1/auth/logout – ends this session; the body's device_token stops push messages to that browser; from another site → 403.
export const POST = route.user({ from: 'site', body: logoutSchema }, async ({ session, body }) => {
  await forgetDeviceAtLogout(session.user.id, body.device_token);
  await logout(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
