import { logout } from '@/lib/server/accounts/accounts';
import { authenticate } from '@/lib/server/auth/authenticate';
import { refuseCrossSite } from '@/lib/server/http/cross-site';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent } from '@/lib/server/http/respond';
import { clearedSessionCookie } from '@/lib/server/http/session-cookie';
import { forgetDeviceAtLogout } from '@/lib/server/push/devices';
import { logoutSchema } from '@/lib/auth/schemas';

// POST /api/v1/auth/logout – ends this session; the body's device_token stops push messages to that browser; from another site → 403.
export const POST = route(async (request) => {
  refuseCrossSite(request);
  const session = await authenticate(request);
  const { device_token } = logoutSchema.parse((await readBody(request)) ?? {});
  await forgetDeviceAtLogout(session.user.id, device_token);
  await logout(session);
  return noContent({ 'Set-Cookie': clearedSessionCookie() });
});
